#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// A reply held for `SocketServer.release`.
enum HeldReply {
    case bytes([UInt8])
    case shared(SharedReply)
}

/// One connected client of `SocketServer`: its descriptor, who it is, its request framer and
/// its bounded output queue.
public final class SocketClient {
    public let id: Int
    public let fd: Int32
    public let peer: PeerIdentity
    /// Set by the daemon when the client asked to `watch`.
    public var watching = false
    var framer: RequestLineFramer
    /// Bytes not yet accepted by the kernel, from `outputStart` on.
    var output: [UInt8] = []
    var outputStart = 0
    /// Replies to the requests of one read, sent together once they are all answered
    /// (`SocketServer.readRequests`); `holding` while they are.
    var held: [HeldReply] = []
    var heldBytes = 0
    var holding = false
    /// When a read last brought a request (`SocketServer.notePolling`).
    var lastRequestRead: MonotonicInstant?
    var closed = false

    /// When it connected: its last activity until a request comes.
    let connected: MonotonicInstant

    init(id: Int, fd: Int32, peer: PeerIdentity, maximumRequestLength: Int, connected: MonotonicInstant) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.connected = connected
        framer = RequestLineFramer(maximumLength: maximumRequestLength)
    }

    var queuedBytes: Int { output.count - outputStart }
    var lastActivity: MonotonicInstant { lastRequestRead ?? connected }
    /// When the queue was last empty or the kernel last took bytes from it.
    var lastProgress = MonotonicInstant(nanoseconds: 0)
}
