/// Why curl sent no answer back, from its exit status (curl(1), "EXIT CODES"), in words a log
/// or `pacerctl uploads` can show: every one is a `.failed` exchange, retried later.
enum CurlExit {
    static func reason(status: Int32, limits: CurlTransport.Limits) -> String {
        let why: String
        switch status {
        case 1: why = "the URL's scheme is neither https nor http"
        case 3: why = "the URL is malformed"
        case 5, 6: why = "no route to the service: its host name cannot be resolved"
        case 7: why = "no route to the service: cannot connect"
        case 18: why = "the reply was cut short: the connection closed before its end"
        case 26: why = "curl could not read the request's body"
        case 28: why = "timed out: no complete reply within \(CurlConfig.number(limits.maximumTime)) s"
        case 35: why = "the TLS handshake failed"
        case 47: why = "redirected more than \(limits.maximumRedirects) times"
        case 52: why = "the server closed the connection without a reply"
        case 55: why = "the connection broke while sending the request"
        case 56: why = "the reply was cut short: the connection broke while receiving"
        case 58, 59, 60, 77, 83, 90, 91: why = "the server's TLS certificate was not accepted"
        case 63: why = "the reply is larger than \(limits.maximumReplyBytes) bytes"
        case 127: why = "curl is not installed"
        case 129...191: why = "curl was ended by signal \(status - 128)"
        default: why = "curl failed"
        }
        return "\(why) (curl exit \(status))"
    }
}
