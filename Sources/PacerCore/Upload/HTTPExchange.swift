/// What came of an `HTTPRequest`: a response (status, headers, body, at most the size the
/// sender allowed), or no response at all and why (no network, a timeout, a reply cut short or
/// too large), which is retried later, never fatal.
public enum HTTPExchange: Equatable, Sendable {
    case response(status: Int, headers: [(name: String, value: String)], body: [UInt8])
    case failed(String)

    public static func == (a: HTTPExchange, b: HTTPExchange) -> Bool {
        switch (a, b) {
        case let (.response(s1, h1, b1), .response(s2, h2, b2)):
            s1 == s2 && b1 == b2 && h1.map(\.name) == h2.map(\.name) && h1.map(\.value) == h2.map(\.value)
        case let (.failed(x), .failed(y)): x == y
        default: false
        }
    }

    /// A header's value by name, case aside (the last one when repeated).
    public func header(_ name: String) -> String? {
        guard case let .response(_, headers, _) = self else { return nil }
        return headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }
}
