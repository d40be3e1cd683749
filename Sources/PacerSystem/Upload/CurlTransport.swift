import PacerCore

/// Sends an `HTTPRequest` with curl as a child process and hands back the `HTTPExchange`, as
/// weather does: TLS without linking libcurl or FoundationNetworking into pacerd. Whatever the
/// network or the server does (no route, a hang, a reply cut short, too large, redirected in a
/// loop), the answer is a value, `.failed` with its reason, never a crash. Secrets in the
/// request's headers and body reach curl through memory files, never through its argv.
///
/// `send` waits for curl (up to `Limits.maximumTime` and a little): callers run it off the
/// event loop.
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
        let configuration: String
        do {
            configuration = try CurlConfig.text(for: request, limits: limits, userAgent: "pacer/\(PacerVersion.release)")
        } catch {
            return .failed("not sent: \(error)")
        }
        do {
            let child = try CurlChild(curl: curl,
                                      configuration: try MemoryFile(name: "pacer-curl-config", contents: Array(configuration.utf8)),
                                      body: try MemoryFile(name: "pacer-curl-body", contents: request.body),
                                      headers: try MemoryFile(name: "pacer-curl-headers"))
            started(child.pid)
            return try finish(child)
        } catch {
            return .failed("cannot run curl: \(error)")
        }
    }

    private func finish(_ child: CurlChild) throws -> HTTPExchange {
        let body = try child.readOutput(limit: limits.maximumReplyBytes)
        let status = try child.waitForExit()
        guard let body else { return .failed("the reply is larger than \(limits.maximumReplyBytes) bytes") }
        guard status == 0 else { return .failed(CurlExit.reason(status: status, limits: limits)) }
        // The header dump is bounded by curl (100 KB a header line) and by the redirects followed.
        guard let head = HTTPResponseHead(dumped: try child.headers.contents(limit: 1 << 20)) else {
            return .failed("the reply has no HTTP status line")
        }
        return .response(status: head.status, headers: head.headers, body: body)
    }
}
