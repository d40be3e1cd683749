#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// A program started with `posix_spawnp(3)`, its standard output on a pipe the caller reads
/// (to the end, as pacerctl does with curl; a daemon watches it from its event loop through
/// `WatchedChildProcess`) and its exit status collected with `waitpid(2)`. Standard input is
/// /dev/null; standard error is inherited.
public final class ChildProcess {
    public let pid: pid_t
    /// The read end of the child's standard output.
    public let outputDescriptor: Int32
    private var exitStatus: Int32?

    public init(arguments: [String]) throws {
        precondition(!arguments.isEmpty)
        var fds: [Int32] = [0, 0]
        try retryingEINTR("pipe") { pipe(&fds) }
        // Neither end may leak into other children; the child gets its copy through dup2.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        let closing = pacer_spawn_close_from(&actions, 3)
        guard closing == 0 else {
            close(fds[0]); close(fds[1])
            throw SystemError("posix_spawn_file_actions_addclosefrom_np", errno: closing)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let r = posix_spawnp(&child, argv[0]!, &actions, nil, argv, environ)
        close(fds[1])
        guard r == 0 else { close(fds[0]); throw SystemError("posix_spawnp(\(arguments[0]))", errno: r) }
        pid = child
        outputDescriptor = fds[0]
    }

    deinit {
        close(outputDescriptor)
        if exitStatus == nil { kill(pid, SIGKILL); _ = try? waitForExit() }
    }

    /// Reads what is available; nil at end of output. Throws EAGAIN-free: returns [] when the
    /// descriptor is non-blocking and nothing is there yet.
    public func read(max: Int = 65536) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max)
        let n = buffer.withUnsafeMutableBytes { p in restartingEINTR { Glibc.read(outputDescriptor, p.baseAddress, max) } }
        if n == 0 { return nil }
        if n < 0 {
            if errno == EAGAIN { return [] }
            throw SystemError("read", errno: errno)
        }
        return Array(buffer[..<n])
    }

    /// Reads the whole output until the child closes it (blocking).
    public func readAll() throws -> [UInt8] {
        var all: [UInt8] = []
        while let chunk = try read() { all += chunk }
        return all
    }

    /// Waits for the child to end: its exit status, or 128 + the signal that ended it.
    public func waitForExit() throws -> Int32 {
        if exitStatus == nil { exitStatus = try ChildProcess.reap(pid, blocking: true) }
        return exitStatus ?? -1
    }

    /// The exit status if the child has ended, without waiting.
    public func pollExit() throws -> Int32? {
        if exitStatus == nil { exitStatus = try ChildProcess.reap(pid, blocking: false) }
        return exitStatus
    }

    /// Reaps `pid` (waiting for it when `blocking`): its exit status, or 128 + the signal that
    /// ended it; nil while it still runs.
    static func reap(_ pid: pid_t, blocking: Bool) throws -> Int32? {
        var status: Int32 = 0
        let r = try retryingEINTR("waitpid") { waitpid(pid, &status, blocking ? 0 : WNOHANG) }
        guard r == pid else { return nil }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
