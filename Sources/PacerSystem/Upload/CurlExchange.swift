#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// One `CurlTransport.start` under way, watched from an `EventLoop` as `WatchedChildProcess`
/// watches its child, so that pacerd's loop never waits on the network: the reply is read as it
/// comes (curl is killed past the size limit), and once curl has exited the exchange is handed
/// to `completion` on the loop. The loop holds it until then.
public final class CurlExchange {
    private let child: CurlChild
    private let transport: CurlTransport
    private let loop: EventLoop
    private var body: [UInt8]? = []
    private var failure: String?
    /// Reaps curl once its output closes (or it is killed), and reports the exchange.
    private lazy var exitPoller = ExitPoller(loop: loop, poll: { try self.child.pollExit() }, done: { self.report($0) })
    private var completion: ((HTTPExchange) -> Void)?

    init(child: CurlChild, transport: CurlTransport, loop: EventLoop, completion: @escaping (HTTPExchange) -> Void) {
        self.child = child
        self.transport = transport
        self.loop = loop
        self.completion = completion
        loop.watchOutput(child.outputDescriptor) { self.readOutput() }
    }

    /// Whether its exchange has not been reported yet.
    public var isRunning: Bool { completion != nil }

    /// curl's process id.
    public var pid: Int32 { child.pid }

    /// Ends curl now; the exchange is reported as failed, "cancelled".
    public func cancel() {
        guard isRunning else { return }
        failure = "cancelled"
        child.kill()
    }

    private func readOutput() {
        let chunk: [UInt8]?
        do { chunk = try child.readAvailable() } catch {
            failure = "reading curl's output: \(error)"
            return stop()
        }
        guard let chunk else { return stop() }
        body? += chunk
        if let count = body?.count, count > transport.limits.maximumReplyBytes {
            body = nil
            child.kill()
            stop()
        }
    }

    /// The output ended (curl is exiting) or is no longer wanted: reap curl.
    private func stop() {
        loop.unwatch(child.outputDescriptor)
        exitPoller.start()
    }

    private func report(_ status: Int32) {
        guard let completion else { return }
        self.completion = nil
        if let failure { return completion(.failed(failure)) }
        completion((try? transport.exchange(child, status: status, body: body)) ?? .failed("the reply's headers cannot be read"))
    }
}
