#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// A reply that every client asking gets unchanged until it is rebuilt (the SESSIONS listing:
/// 67 KB for a year of sessions), kept in an anonymous memory file as well, so that
/// `SocketServer` sends it with sendfile(2): the socket then takes references to the file's
/// pages instead of a copy of the bytes for every request (`bench/socket_send.py` prints both).
///
/// The file holds the reply `copies` times back to back: a client polling at 10 Hz has two
/// requests answered per read (`SocketServer.notePolling`), and they go out in one call.
/// Without a memory file (memfd_create refused) the bytes are sent as any other reply.
public final class SharedReply {
    public let bytes: [UInt8]
    /// -1 without a memory file.
    let fd: Int32
    let copies: Int

    public init(_ bytes: [UInt8], copies: Int = 2) {
        self.bytes = bytes
        self.copies = copies
        fd = SharedReply.memoryFile(holding: bytes, copies: copies)
    }

    deinit { if fd >= 0 { close(fd) } }

    public var count: Int { bytes.count }

    private static func memoryFile(holding bytes: [UInt8], copies: Int) -> Int32 {
        guard !bytes.isEmpty else { return -1 }
        let fd = pacer_memory_file("pacer-reply")
        guard fd >= 0 else { return -1 }
        let whole = bytes.withUnsafeBytes { b in
            (0..<copies).allSatisfy { _ in
                var at = 0
                while at < b.count {
                    let n = restartingEINTR { write(fd, b.baseAddress! + at, b.count - at) }
                    guard n > 0 else { return false }
                    at += n
                }
                return true
            }
        }
        guard whole else { close(fd); return -1 }
        return fd
    }
}
