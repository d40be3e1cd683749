#if canImport(Glibc)
import Glibc
#endif

/// A `sockaddr_un` for a socket path, or for `@name` in the abstract namespace when allowed
/// (systemd's NOTIFY_SOCKET may be either); nil when the name does not fit.
struct UnixSocketAddress {
    private var address = sockaddr_un()
    private let length: socklen_t

    init?(_ path: String, allowingAbstract: Bool = false) {
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        let abstract = allowingAbstract && bytes[0] == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { dst in
            for (i, b) in bytes.enumerated() { dst[i] = b }
        }
        // A path is NUL-terminated (sun_path is zero-filled); an abstract name is exactly its bytes.
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
    }

    /// Calls `body` with the address as bind/connect/sendto take it.
    func withSocketAddress<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
