#if canImport(Glibc)
import Glibc
#endif
import CLinux
import PacerCore

/// Serves newline-delimited requests on a listening Unix socket from the event loop.
///
/// Each client has a bounded output queue: a client that stops reading is dropped once its
/// queue has passed `outputLimit` and it took nothing for `stallSeconds` (or the queue passes
/// `hardOutputLimit`), so it costs bounded memory and never delays anyone else. A client that
/// pipelines a request behind a long `sessions` listing is not "not reading": it has had no
/// time to read yet.
/// Clients are deferrable watches of the loop: while the receiver streams, a request is read on
/// an epoch's wake-up rather than on one of its own (`EventLoop.deferralWindow`), a polling
/// client's every other one at 10 Hz (`notePolling`), and the replies to the requests of one
/// read are sent together (`release`).
public final class SocketServer {
    public struct Limits: Sendable {
        public var maximumClients = 256
        public var maximumRequestLength = RequestLineFramer.defaultMaximumLength
        /// Bytes queued for one client (beyond the kernel's buffer) past which a client that
        /// takes nothing for `stallSeconds` is dropped.
        public var outputLimit = 64 * 1024
        public var stallSeconds = 5.0
        /// Bytes queued past which a client is dropped at once: ten years of daily sessions
        /// listed (about 0.8 MB) twice, and a reply behind them.
        public var hardOutputLimit = 2 * 1024 * 1024
        /// Kernel send buffer per client: room for a year's SESSIONS listing (about 70 KB for 300
        /// sessions) in one send, as a client polling it expects, instead of a queue flushed over
        /// several wakeups; small enough that a stalled reader is still noticed within seconds.
        /// Only what is queued costs memory. (The kernel caps it at net.core.wmem_max.)
        public var kernelSendBuffer: Int32 = 160 * 1024
        /// Whether clients are identified with SO_PEERCRED (Unix sockets); a TCP listener, which
        /// grants no control, takes every client as an anonymous peer.
        public var identifiesPeers = true
        public init() {}
    }

    public var onConnect: (SocketClient) -> Void = { _ in }
    public var onLine: (SocketClient, FramedRequestLine) -> Void = { _, _ in }
    public var onDisconnect: (SocketClient, _ reason: String) -> Void = { _, _ in }
    /// Whether a connecting peer's groups must be looked up in the group database (see
    /// `PeerCredentials.identify`); asked only when `limits.identifiesPeers`.
    public var needsDatabaseGroups: (PeerIdentity) -> Bool = { _ in true }

    private let loop: EventLoop
    private let listenFD: Int32
    private let limits: Limits
    public private(set) var clients: [Int32: SocketClient] = [:]
    private var nextID = 1
    private var readBuffer = [UInt8](repeating: 0, count: 4096)

    public init(listening fd: Int32, loop: EventLoop, limits: Limits = Limits()) {
        self.loop = loop
        listenFD = fd
        self.limits = limits
        loop.watch(fd, .read) { [unowned self] _ in acceptPending() }
    }

    /// Closes every client and stops listening (the descriptor stays open for the owner to close).
    public func shutdown() {
        loop.unwatch(listenFD)
        for client in Array(clients.values) { drop(client, reason: "shutting down") }
    }

    /// Queues `bytes` for `client`, writing as much as the kernel takes now. A client is dropped
    /// when its backlog already passes the limit (it is not reading), never for one large reply
    /// (a long `sessions` listing). While the client's requests are being answered, the reply is
    /// held and goes out with the others of the same read (`release`).
    public func send(_ bytes: [UInt8], to client: SocketClient) {
        if client.holding { hold(.bytes(bytes), count: bytes.count, for: client); return }
        bytes.withUnsafeBytes { transmit($0, to: client) }
    }

    /// As above, from memory the caller keeps (only what the kernel does not take is copied).
    public func send(_ bytes: UnsafeRawBufferPointer, to client: SocketClient) {
        if client.holding { hold(.bytes(Array(bytes)), count: bytes.count, for: client); return }
        transmit(bytes, to: client)
    }

    /// As above, from the reply's memory file (sendfile: the kernel copies nothing).
    public func send(_ reply: SharedReply, to client: SocketClient) {
        if client.holding { hold(.shared(reply), count: reply.count, for: client); return }
        transmit(reply, times: 1, to: client)
    }

    /// Whether `client` may queue more: false once it was dropped for not reading.
    private func admits(_ client: SocketClient) -> Bool {
        guard !client.closed else { return false }
        if client.queuedBytes > limits.outputLimit,
           client.queuedBytes > limits.hardOutputLimit || Clocks.monotonic().seconds(since: client.lastProgress) > limits.stallSeconds {
            drop(client, reason: "not reading (\(client.queuedBytes) bytes queued)")
            return false
        }
        return true
    }

    private func transmit(_ bytes: UnsafeRawBufferPointer, to client: SocketClient) {
        guard admits(client) else { return }
        if client.queuedBytes == 0 {
            let n = restartingEINTR { Glibc.send(client.fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            guard let n = taken(n, of: bytes.count, by: client, "send") else { return }
            client.output.append(contentsOf: bytes[n...])
        } else {
            client.output.append(contentsOf: bytes)
        }
        loop.setInterest(client.fd, [.read, .write])
    }

    /// `times` copies of a shared reply (at most its file's copies), sent from its memory file
    /// when nothing is queued before them.
    private func transmit(_ reply: SharedReply, times: Int, to client: SocketClient) {
        guard reply.fd >= 0 else {
            for _ in 0..<times { reply.bytes.withUnsafeBytes { transmit($0, to: client) } }
            return
        }
        guard admits(client) else { return }
        var sent = 0
        if client.queuedBytes == 0 {
            let n = pacer_send_file(client.fd, reply.fd, 0, UInt(reply.count * times))
            guard let n = taken(n, of: reply.count * times, by: client, "sendfile") else { return }
            sent = n
        }
        // What the kernel did not take: the rest of a copy cut short, then the whole ones.
        client.output.append(contentsOf: reply.bytes[(sent % reply.count)...])
        for _ in (sent / reply.count + 1)..<times { client.output.append(contentsOf: reply.bytes) }
        loop.setInterest(client.fd, [.read, .write])
    }

    /// The bytes of a send the kernel took when it left some for the queue; nil when it took
    /// them all or the client was dropped for the error.
    private func taken(_ n: Int, of count: Int, by client: SocketClient, _ call: String) -> Int? {
        if n == count { return nil }
        if n < 0 && errno != EAGAIN && errno != EWOULDBLOCK {
            drop(client, reason: String(describing: SystemError(call, errno: errno)))
            return nil
        }
        client.lastProgress = Clocks.monotonic()
        return max(n, 0)
    }

    /// Keeps a reply for `release`, which sends what is held early once it would fill the
    /// kernel's buffer (a client asking for many large replies at once gets them at the pace it
    /// reads, and the backlog limit still applies) or pass 64 replies (sendmsg takes at most
    /// IOV_MAX buffers).
    private func hold(_ reply: HeldReply, count: Int, for client: SocketClient) {
        if client.heldBytes + count > Int(limits.kernelSendBuffer) || client.held.count == 64 { release(client) }
        client.held.append(reply)
        client.heldBytes += count
    }

    /// Sends the held replies: byte replies with one system call (sendmsg, one iovec each), a
    /// run of one shared reply with one sendfile per its file's copies. A send costs about the
    /// same whatever its size (`bench/socket_send.py`; most of it is waking the reader): a
    /// frontend that asked twice between two reads pays for one.
    private func release(_ client: SocketClient) {
        let replies = client.held
        client.held.removeAll(keepingCapacity: true)
        client.heldBytes = 0
        guard !client.closed, !replies.isEmpty else { return }
        var next = replies.startIndex
        while next < replies.endIndex {
            if case .shared(let reply) = replies[next] {
                var run = 1
                while run < reply.copies, next + run < replies.endIndex, case .shared(let r) = replies[next + run], r === reply { run += 1 }
                transmit(reply, times: run, to: client)
                next += run
                continue
            }
            var run: [[UInt8]] = []
            while next < replies.endIndex, case .bytes(let b) = replies[next] { run.append(b); next += 1 }
            sendTogether(run[...], to: client)
        }
    }

    /// Byte replies in one sendmsg when nothing is queued before them.
    private func sendTogether(_ replies: ArraySlice<[UInt8]>, to client: SocketClient) {
        guard replies.count > 1, client.queuedBytes == 0 else {
            for reply in replies { reply.withUnsafeBytes { transmit($0, to: client) } }
            return
        }
        guard admits(client) else { return }
        var vectors: [iovec] = []
        vectors.reserveCapacity(replies.count)
        var n = gather(replies, into: &vectors) { v in
            var message = msghdr()
            message.msg_iov = v.baseAddress
            message.msg_iovlen = v.count
            return restartingEINTR { sendmsg(client.fd, &message, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        }
        if n < 0 {
            guard errno == EAGAIN || errno == EWOULDBLOCK else {
                drop(client, reason: String(describing: SystemError("sendmsg", errno: errno)))
                return
            }
            n = 0
        }
        for reply in replies {
            if n >= reply.count { n -= reply.count; continue }
            client.output.append(contentsOf: reply[n...])
            n = 0
        }
        if client.queuedBytes > 0 {
            client.lastProgress = Clocks.monotonic()
            loop.setInterest(client.fd, [.read, .write])
        }
    }

    /// Calls `body` with one iovec per reply, each valid for the call (the buffers are lent one
    /// inside the other; `hold` keeps them to 64).
    private func gather(_ replies: ArraySlice<[UInt8]>, into vectors: inout [iovec],
                        _ body: (UnsafeMutableBufferPointer<iovec>) -> Int) -> Int {
        guard let first = replies.first else { return vectors.withUnsafeMutableBufferPointer { body($0) } }
        return first.withUnsafeBytes { b in
            vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress), iov_len: b.count))
            return gather(replies.dropFirst(), into: &vectors, body)
        }
    }

    /// Sends to every client for which `include` is true.
    public func broadcast(_ bytes: [UInt8], where include: (SocketClient) -> Bool) {
        bytes.withUnsafeBytes { broadcast($0, where: include) }
    }

    public func broadcast(_ bytes: UnsafeRawBufferPointer, where include: (SocketClient) -> Bool) {
        for client in Array(clients.values) where include(client) { send(bytes, to: client) }
    }

    private func acceptPending() {
        while true {
            let fd = restartingEINTR { pacer_accept_nonblocking(listenFD) }
            if fd < 0 {
                if errno == ECONNABORTED { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK {
                    DaemonLog.warning("accept: \(String(cString: strerror(errno)))")
                }
                return
            }
            // Full: the client silent longest that does not watch makes room, so that idle
            // connections never lock out `pacerctl stop`; only watchers keep their places.
            if clients.count >= limits.maximumClients,
               let idle = clients.values.filter({ !$0.watching }).min(by: { $0.lastActivity < $1.lastActivity }) {
                drop(idle, reason: "idle longest with \(limits.maximumClients) clients connected: room for a new one")
            }
            guard clients.count < limits.maximumClients else {
                let message = ServerReply.error(message: "too many clients").line
                _ = message.withUnsafeBytes { m in restartingEINTR { Glibc.send(fd, m.baseAddress, m.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } }
                close(fd)
                DaemonLog.warning("refused a client: \(limits.maximumClients) already connected")
                continue
            }
            var sendBuffer = limits.kernelSendBuffer
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
            // Anonymous (uid -1) unless identified: it matches no user and no group.
            var peer = PeerIdentity(pid: 0, uid: UInt32.max, gid: UInt32.max)
            if limits.identifiesPeers {
                do { peer = try PeerCredentials.identify(fd, needsDatabaseGroups: needsDatabaseGroups) } catch {
                    DaemonLog.warning("client without credentials: \(error)")
                    close(fd)
                    continue
                }
            }
            let client = SocketClient(id: nextID, fd: fd, peer: peer, maximumRequestLength: limits.maximumRequestLength,
                                      connected: Clocks.monotonic())
            nextID += 1
            clients[fd] = client
            loop.watch(fd, .read, deferrable: true) { [unowned self] ready in service(client, ready) }
            onConnect(client)
        }
    }

    private func service(_ client: SocketClient, _ ready: EventLoop.Readiness) {
        if ready.writable { flush(client) }
        if (ready.readable || ready.hangup) && !client.closed { readRequests(client) }
    }

    private func readRequests(_ client: SocketClient) {
        // Bounded per wakeup so that one chatty client cannot starve the others.
        for _ in 0..<16 {
            let n = readBuffer.withUnsafeMutableBytes { b in restartingEINTR { Glibc.read(client.fd, b.baseAddress, b.count) } }
            if n == 0 { drop(client, reason: "closed by peer"); return }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                drop(client, reason: String(describing: SystemError("read", errno: errno)))
                return
            }
            // The replies to this read's requests go out together.
            client.holding = true
            var requests = 0
            readBuffer.withUnsafeBytes { buf in
                client.framer.push(UnsafeRawBufferPointer(rebasing: buf[0..<n])) { line in
                    requests += 1
                    if !client.closed { onLine(client, line) }
                }
            }
            client.holding = false
            release(client)
            if requests > 0 && !client.closed { notePolling(client) }
            // A short read emptied the socket: the loop reports it again when more comes, so a
            // read that would only say EAGAIN is a system call saved on every request.
            if client.closed || n < readBuffer.count { return }
        }
    }

    /// A client whose requests come closer together than the deferral window is polling: its
    /// requests wait for the loop's next full read of the clients, so that at 10 Hz two are read
    /// at once and answered with one send (`EventLoop.coalesce`). A client that asks now and
    /// then, a watcher's first request among them, is read on the next wake-up.
    private func notePolling(_ client: SocketClient) {
        let now = Clocks.monotonic()
        loop.coalesce(client.fd, client.lastRequestRead.map { now.seconds(since: $0) < loop.deferralWindow } ?? false)
        client.lastRequestRead = now
    }

    private func flush(_ client: SocketClient) {
        while client.queuedBytes > 0 {
            let n = client.output.withUnsafeBytes { b in
                restartingEINTR { Glibc.send(client.fd, b.baseAddress! + client.outputStart, client.queuedBytes, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                drop(client, reason: String(describing: SystemError("send", errno: errno)))
                return
            }
            client.outputStart += n
            client.lastProgress = Clocks.monotonic()
        }
        client.output.removeAll(keepingCapacity: false)
        client.outputStart = 0
        loop.setInterest(client.fd, .read)
    }

    /// Closes a client; safe to call more than once.
    public func drop(_ client: SocketClient, reason: String) {
        guard !client.closed else { return }
        client.closed = true
        loop.unwatch(client.fd)
        clients.removeValue(forKey: client.fd)
        close(client.fd)
        onDisconnect(client, reason)
    }
}
