#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// `curl -q -K -` started with posix_spawn(3): its configuration on standard input, the request's
/// body on descriptor 3 and the reply's headers to descriptor 4 (all `MemoryFile`s), the reply's
/// body on a pipe from its standard output, its standard error dropped (its messages may name
/// what the configuration held). Nothing but `-q -K -` is in its argv.
final class CurlChild {
    let pid: pid_t
    /// Where curl writes the reply's headers (`-D`), read once it has exited.
    let headers: MemoryFile
    private let output: Int32
    private var exitStatus: Int32?

    /// The descriptors the child gets, in order from 0: configuration, output, /dev/null for
    /// errors, body, headers.
    init(curl: String, configuration: MemoryFile, body: MemoryFile, headers: MemoryFile) throws {
        var fds: [Int32] = [0, 0]
        try retryingEINTR("pipe") { pipe(&fds) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        // Each source is moved above the five targets first: one of them may be 3 or 4 already,
        // and the dup2 onto that number would close it before its own turn came.
        let sources = [configuration.descriptor, fds[1], body.descriptor, headers.descriptor]
            .map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        defer { sources.forEach { if $0 >= 0 { close($0) } }; close(fds[1]) }
        guard sources.allSatisfy({ $0 >= 0 }) else {
            close(fds[0])
            throw SystemError("fcntl(F_DUPFD_CLOEXEC)", errno: errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sources[0], 0)
        posix_spawn_file_actions_adddup2(&actions, sources[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, sources[2], 3)
        posix_spawn_file_actions_adddup2(&actions, sources[3], 4)
        let closing = pacer_spawn_close_from(&actions, 5)
        guard closing == 0 else { close(fds[0]); throw SystemError("posix_spawn_file_actions_addclosefrom_np", errno: closing) }
        let arguments = [curl, "-q", "-K", "-"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let r = posix_spawn(&child, curl, &actions, nil, argv, environ)
        guard r == 0 else { close(fds[0]); throw SystemError("posix_spawn(\(curl))", errno: r) }
        pid = child
        output = fds[0]
        self.headers = headers
    }

    deinit {
        close(output)
        if exitStatus == nil { kill(); _ = try? waitForExit() }
    }

    /// The reply's body to its end; nil when it runs past `limit` bytes, and then curl is killed
    /// (its --max-filesize stops only a reply that says its length beforehand).
    func readOutput(limit: Int) throws -> [UInt8]? {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { p in restartingEINTR { Glibc.read(output, p.baseAddress, p.count) } }
            if n < 0 { throw SystemError("read", errno: errno) }
            if n == 0 { return all }
            all += buffer[..<n]
            if all.count > limit {
                kill()
                return nil
            }
        }
    }

    /// The read end of curl's standard output, for an event loop to watch.
    var outputDescriptor: Int32 { output }

    /// What is there to read now without waiting (the descriptor made non-blocking): nil at
    /// the end of the output, [] when nothing has come yet.
    func readAvailable() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { p in restartingEINTR { Glibc.read(output, p.baseAddress, p.count) } }
        if n == 0 { return nil }
        if n < 0 {
            if errno == EAGAIN { return [] }
            throw SystemError("read", errno: errno)
        }
        return Array(buffer[..<n])
    }

    /// Ends curl now (the reply is too large, or its exchange was cancelled).
    func kill() { _ = Glibc.kill(pid, SIGKILL) }

    /// Its exit status if it has ended, without waiting.
    func pollExit() throws -> Int32? {
        if exitStatus == nil { exitStatus = try ChildProcess.reap(pid, blocking: false) }
        return exitStatus
    }

    /// Its exit status, or 128 + the signal that ended it.
    func waitForExit() throws -> Int32 {
        if exitStatus == nil { exitStatus = try ChildProcess.reap(pid, blocking: true) }
        return exitStatus ?? -1
    }
}
