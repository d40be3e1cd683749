import PacerCore

/// Sends an `HTTPRequest` with curl as a child process and hands back the `HTTPExchange`, as
/// weather does: TLS without linking libcurl or FoundationNetworking into pacerd. Whatever the
/// network or the server does (no route, a hang, a reply cut short, too large, redirected in a
/// loop), the answer is a value, `.failed` with its reason, never a crash. Secrets in the
/// request's headers and body reach curl through memory files, never through its argv.
///
/// `send` waits for curl (up to `Limits.maximumTime` and a little), for callers off the event
/// loop; `start` hands the exchange to a loop, which never waits on it (`CurlExchange`).
public struct CurlTransport: Sendable {
    /// What one exchange may take.
    public struct Limits: Sendable, Equatable {
        /// The whole exchange, connecting included (curl's --max-time), in seconds.
        public var maximumTime: Double
        /// Connecting alone (--connect-timeout), in seconds.
        public var connectTimeout: Double
        /// The reply's body (--max-filesize, and what is read back).
        public var maximumReplyBytes: Int
        /// Redirects followed (--max-redirs); 0 follows none.
        public var maximumRedirects: Int

        public init(maximumTime: Double = 120, connectTimeout: Double = 15, maximumReplyBytes: Int = 1 << 20,
                    maximumRedirects: Int = 3) {
            self.maximumTime = maximumTime
            self.connectTimeout = connectTimeout
            self.maximumReplyBytes = maximumReplyBytes
            self.maximumRedirects = maximumRedirects
        }
    }

    public var limits: Limits
    /// curl's absolute path: started without a PATH search.
    public var curl: String

    public init(limits: Limits = Limits(), curl: String = "/usr/bin/curl") {
        self.limits = limits
        self.curl = curl
    }

    /// Sends `request` and waits for its reply.
    public func send(_ request: HTTPRequest) -> HTTPExchange {
        send(request, started: { _ in })
    }

    /// `send`, telling `started` curl's process id once it runs (tests look at its argv).
    func send(_ request: HTTPRequest, started: (Int32) -> Void) -> HTTPExchange {
        let child: CurlChild
        switch launch(request) {
        case let .failure(failed): return failed.exchange
        case let .success(launched): child = launched
        }
        started(child.pid)
        do {
            let body = try child.readOutput(limit: limits.maximumReplyBytes)
            return try exchange(child, status: child.waitForExit(), body: body)
        } catch {
            return .failed("curl: \(error)")
        }
    }

    /// Starts sending `request` with `loop` watching curl: `completion` runs on the loop with
    /// the exchange, once. Nil when curl could not be started; `completion` then runs on the
    /// loop's next turn with the reason.
    @discardableResult
    public func start(_ request: HTTPRequest, on loop: EventLoop,
                      completion: @escaping (HTTPExchange) -> Void) -> CurlExchange? {
        switch launch(request) {
        case let .failure(failed):
            loop.schedule(after: 0) { completion(failed.exchange) }
            return nil
        case let .success(child):
            return CurlExchange(child: child, transport: self, loop: loop, completion: completion)
        }
    }

    /// A request that never reached curl, as its exchange.
    struct NotStarted: Error {
        let exchange: HTTPExchange
    }

    private func launch(_ request: HTTPRequest) -> Result<CurlChild, NotStarted> {
        let configuration: String
        do {
            configuration = try CurlConfig.text(for: request, limits: limits, userAgent: "pacer/\(PacerVersion.release)")
        } catch {
            return .failure(NotStarted(exchange: .failed("not sent: \(error)")))
        }
        do {
            return .success(try CurlChild(curl: curl,
                                          configuration: try MemoryFile(name: "pacer-curl-config", contents: Array(configuration.utf8)),
                                          body: try MemoryFile(name: "pacer-curl-body", contents: request.body),
                                          headers: try MemoryFile(name: "pacer-curl-headers")))
        } catch {
            return .failure(NotStarted(exchange: .failed("cannot run curl: \(error)")))
        }
    }

    /// What came of curl's run: its exit status, the body it printed (nil when that ran past
    /// the limit) and the headers it dumped.
    func exchange(_ child: CurlChild, status: Int32, body: [UInt8]?) throws -> HTTPExchange {
        guard let body else { return .failed("the reply is larger than \(limits.maximumReplyBytes) bytes") }
        guard status == 0 else { return .failed(CurlExit.reason(status: status, limits: limits)) }
        // The header dump is bounded by curl (100 KB a header line) and by the redirects followed.
        guard let head = HTTPResponseHead(dumped: try child.headers.contents(limit: 1 << 20)) else {
            return .failed("the reply has no HTTP status line")
        }
        return .response(status: head.status, headers: head.headers, body: body)
    }
}
