/// One HTTP request an upload makes, as plain values: the core decides it, PacerSystem sends it
/// (through curl) and hands back an `HTTPExchange`. Secrets are in `headers` or `body` only,
/// never in `url`, so a request can be logged by its method and URL.
public struct HTTPRequest: Equatable, Sendable {
    public enum Method: String, Sendable { case get = "GET", post = "POST" }

    public var method: Method
    public var url: String
    /// Header lines as name and value, in order (`Authorization`, `Content-Type`, ...).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: Method, url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }
}
