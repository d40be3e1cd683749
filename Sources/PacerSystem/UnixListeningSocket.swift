#if canImport(Glibc)
import Glibc
#endif

/// The daemon's listening Unix stream socket: created at a path with a mode and group, or
/// adopted from systemd socket activation.
public enum UnixListeningSocket {
    /// Binds and listens at `path` (a stale socket file is replaced), non-blocking, close-on-exec,
    /// then sets `mode` and, when given, the group. Returns the descriptor.
    public static func bind(path: String, mode: UInt32, groupID: UInt32?, backlog: Int32 = 128) throws -> Int32 {
        guard let address = UnixSocketAddress(path) else { throw SystemError("bind(\(path))", errno: ENAMETOOLONG) }
        let fd = try retryingEINTR("socket") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        do {
            var st = stat()
            if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
            // Create it with no access at all, then open it up: no window with a wider mode.
            let oldMask = umask(0o777)
            let r = address.withSocketAddress { Glibc.bind(fd, $0, $1) }
            umask(oldMask)
            if r < 0 { throw SystemError("bind(\(path))", errno: errno) }
            if let groupID { try retryingEINTR("chown(\(path))") { chown(path, UInt32.max, groupID) } }
            try retryingEINTR("chmod(\(path))") { chmod(path, mode_t(mode)) }
            try retryingEINTR("listen") { listen(fd, backlog) }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Prepares an inherited descriptor (socket activation): checks it is a listening stream
    /// socket and makes it non-blocking.
    public static func adopt(_ fd: Int32) throws -> Int32 {
        var type: Int32 = 0, listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        try retryingEINTR("getsockopt(SO_TYPE)") { getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) }
        length = socklen_t(MemoryLayout<Int32>.size)
        try retryingEINTR("getsockopt(SO_ACCEPTCONN)") { getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) }
        guard type == Int32(SOCK_STREAM.rawValue), listening == 1 else {
            throw SystemError("inherited fd \(fd) is not a listening stream socket", errno: EINVAL)
        }
        let flags = try retryingEINTR("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
        try retryingEINTR("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        return fd
    }
}
