import PacerCore

/// The curl configuration (`curl -K -`) that sends one `HTTPRequest`: the URL, the headers and
/// every option travel on curl's standard input, never in its argv, which any user can read in
/// /proc. The body is read from descriptor 3 and the reply's headers written to descriptor 4
/// (`CurlChild` sets both up).
enum CurlConfig {
    /// A request curl cannot be given safely (a line break in a header, a body on a GET).
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    static let bodyPath = "/dev/fd/3"
    static let headersPath = "/dev/fd/4"

    static func text(for request: HTTPRequest, limits: CurlTransport.Limits, userAgent: String) throws -> String {
        // A line break would end the header early and start another the core never decided on.
        for header in request.headers where breaksLine(header.name + header.value) {
            throw Refusal(description: "the header \(header.name) holds a line break")
        }
        if breaksLine(request.url) {
            throw Refusal(description: "the URL holds a line break")
        }
        guard request.url.hasPrefix("https://") || request.url.hasPrefix("http://") else {
            throw Refusal(description: "the URL is neither https:// nor http://")
        }
        var lines = [
            "silent", "show-error", "globoff",
            "url = \(quoted(request.url))",
            "user-agent = \(quoted(userAgent))",
            "dump-header = \(quoted(headersPath))",
            "max-time = \(quoted(number(limits.maximumTime)))",
            "connect-timeout = \(quoted(number(limits.connectTimeout)))",
            "max-filesize = \(quoted(String(limits.maximumReplyBytes)))",
            "max-redirs = \(quoted(String(limits.maximumRedirects)))",
            "proto = \(quoted("=https,http"))",
            "proto-redir = \(quoted("=https,http"))",
            // Loopback is never reached through a proxy from the environment.
            "noproxy = \(quoted("localhost,127.0.0.1,::1"))",
            // curl would wait for a "100 Continue" before a large body; the services send none.
            "header = \(quoted("Expect:"))",
        ]
        if limits.maximumRedirects > 0 { lines.append("location") }
        switch request.method {
        case .get:
            guard request.body.isEmpty else { throw Refusal(description: "a GET request with a body") }
        case .post:
            lines.append("data-binary = \(quoted("@" + bodyPath))")
        }
        lines += request.headers.map { "header = \(quoted("\($0.name): \($0.value)"))" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// By bytes: as a Character, "\r\n" is neither "\r" nor "\n".
    static func breaksLine(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    }

    /// A parameter in double quotes, with curl's escapes for a quote and a backslash.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for c in value {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// Seconds as curl reads them: whole seconds without a fraction, else up to milliseconds.
    static func number(_ seconds: Double) -> String {
        let milliseconds = (min(max(seconds, 0.001), 86_400) * 1000).roundedInt() ?? 1000
        if milliseconds % 1000 == 0 { return String(milliseconds / 1000) }
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
