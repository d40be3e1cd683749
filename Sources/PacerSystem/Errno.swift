#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: the C function's name and errno, printable as `open: No such file or directory`.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// Runs a system call again for as long as it fails with EINTR, and returns its last result
/// with `errno` as the call left it. Every system call of the adapters goes through here (or
/// `retryingEINTR`), so that a signal (SIGHUP, SIGCHLD of an export child, a profiler's) never
/// surfaces as a failed read, a dropped client or a lost notification;
/// `SystemCallRulesTests` scans the sources for calls that do not.
@discardableResult
@inline(__always)
public func restartingEINTR<T: FixedWidthInteger>(_ body: () -> T) -> T {
    while true {
        let r = body()
        if r != -1 || Glibc.errno != EINTR { return r }
    }
}

/// `restartingEINTR` for callers with nothing to decide on failure: throws `SystemError` on -1.
@discardableResult
@inline(__always)
public func retryingEINTR<T: FixedWidthInteger>(_ call: String, _ body: () -> T) throws -> T {
    let r = restartingEINTR(body)
    if r == -1 { throw SystemError(call, errno: Glibc.errno) }
    return r
}
