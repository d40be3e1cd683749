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

/// Runs a system call, retrying on EINTR, and throws `SystemError` on -1.
/// Every adapter goes through here so that no call site forgets EINTR.
@discardableResult
@inline(__always)
public func retryingEINTR<T: FixedWidthInteger>(_ call: String, _ body: () -> T) throws -> T {
    while true {
        let r = body()
        if r != -1 { return r }
        let e = Glibc.errno
        if e == EINTR { continue }
        throw SystemError(call, errno: e)
    }
}
