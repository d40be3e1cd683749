#if canImport(Glibc)
import Glibc
#endif

/// sd_listen_fds(3) without libsystemd: the listening sockets systemd passed from fd 3 on,
/// when LISTEN_PID names this process.
public enum SocketActivation {
    public static let firstDescriptor: Int32 = 3

    /// Inherited descriptors (empty when not socket-activated). Unsets the variables so that
    /// no child process believes they are for it, and marks the descriptors close-on-exec.
    public static func inheritedDescriptors(environment: [String: String]) -> [Int32] {
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
              let count = environment["LISTEN_FDS"].flatMap(Int32.init), count > 0 else { return [] }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        let fds = Array(firstDescriptor..<(firstDescriptor + count))
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fds
    }
}
