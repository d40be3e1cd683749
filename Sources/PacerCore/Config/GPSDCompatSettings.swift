/// `[gpsd_compat]`: where pacerd serves its fixes in gpsd's JSON protocol, for programs written
/// for gpsd. Off unless `listen` is set.
///
/// ```
/// [gpsd_compat]
/// listen = 127.0.0.1:2948        ; or [::1]:2948, or a Unix socket path; off by default
/// ```
public struct GPSDCompatSettings: Equatable, Sendable {
    public enum Address: Equatable, Sendable, CustomStringConvertible {
        /// A numeric IPv4 or IPv6 address (`localhost` is taken as 127.0.0.1) and a port.
        case tcp(host: String, port: Int)
        case unix(path: String)

        public var description: String {
            switch self {
            case let .tcp(host, port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            case let .unix(path): path
            }
        }

        /// `HOST:PORT`, `[V6]:PORT` or an absolute path; the error says what is wrong otherwise.
        static func parse(_ text: String) throws -> Address {
            if text.hasPrefix("/") { return .unix(path: text) }
            guard let colon = text.lastIndex(of: ":") else {
                throw ConfigValueProblem("'\(text)' is not HOST:PORT or an absolute socket path")
            }
            var host = String(text[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if host == "localhost" { host = "127.0.0.1" }
            guard let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else {
                throw ConfigValueProblem("'\(text)': the port must be 1 to 65535")
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else {
                throw ConfigValueProblem("'\(host)' is not a numeric IP address (or localhost)")
            }
            return .tcp(host: host, port: port)
        }
    }

    public var listen: Address?
    public init() {}
}

extension PacerConfig {
    mutating func applyGPSDCompatKey(key: String, parser p: ConfigValueParser) throws {
        switch key {
        case "listen":
            if ["off", "no", "none"].contains(p.value.lowercased()) { gpsdCompat.listen = nil; return }
            gpsdCompat.listen = try GPSDCompatSettings.Address.parse(try p.nonEmpty())
        default: throw ConfigValueProblem("unknown key")
        }
    }
}
