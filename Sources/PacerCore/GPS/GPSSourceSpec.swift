/// Which GPS to read, as the daemon and `pacerctl fixes` take it on the command line:
/// `serial:/dev/ttyUSB0@9600` (baud optional: detected), `gpsd:HOST:PORT`
/// (default `gpsd:localhost:2947`), `file:PATH@RATE` (`@1x` own pace, `@10x`, `@max`).
public enum GPSSourceSpec: Equatable, Sendable, CustomStringConvertible {
    case serial(path: String, baudRate: Int?)
    case gpsd(host: String, port: Int)
    case file(path: String, speedup: Double?)

    /// gpsd's well-known port.
    public static let defaultGPSDPort = 2947

    /// Baud rates a termios serial port can be set to, in the order autobaud tries none of them
    /// (see `AutobaudSearch.commonRates` for that order).
    public static let supportedBaudRates: Set<Int> = [1200, 2400, 4800, 9600, 19200, 38400, 57600,
                                                       115_200, 230_400, 460_800, 921_600]

    /// Parses a SOURCE string; the error says what is wrong with it.
    public init(parsing text: String) throws(GPSSourceSpecError) {
        guard let colon = text.firstIndex(of: ":") else {
            if text == "gpsd" { self = .gpsd(host: "localhost", port: GPSSourceSpec.defaultGPSDPort); return }
            throw GPSSourceSpecError("'\(text)' is not a GPS source: expected serial:PATH[@BAUD], gpsd[:HOST[:PORT]] or file:PATH[@RATE]")
        }
        let scheme = text[..<colon]
        let rest = text[text.index(after: colon)...]
        switch scheme {
        case "serial":
            let (path, suffix) = GPSSourceSpec.splitAtLastAt(rest)
            guard !path.isEmpty else { throw GPSSourceSpecError("serial source needs a device path: serial:/dev/ttyUSB0[@9600]") }
            var baud: Int?
            if let suffix, suffix != "auto" {
                guard let b = Int(suffix), GPSSourceSpec.supportedBaudRates.contains(b) else {
                    throw GPSSourceSpecError("'\(suffix)' is not a supported baud rate (one of \(GPSSourceSpec.supportedBaudRates.sorted().map(String.init).joined(separator: ", ")), or auto)")
                }
                baud = b
            }
            self = .serial(path: String(path), baudRate: baud)
        case "gpsd":
            var host = Substring("localhost")
            var port = GPSSourceSpec.defaultGPSDPort
            var remainder = rest
            if remainder.hasPrefix("[") {
                guard let close = remainder.firstIndex(of: "]") else { throw GPSSourceSpecError("unclosed '[' in gpsd host '\(rest)'") }
                host = remainder[remainder.index(after: remainder.startIndex)..<close]
                remainder = remainder[remainder.index(after: close)...]
                if remainder.hasPrefix(":") { remainder = remainder.dropFirst() } else if !remainder.isEmpty {
                    throw GPSSourceSpecError("expected ':PORT' after ']' in '\(rest)'")
                }
            } else if let portColon = remainder.lastIndex(of: ":") {
                host = remainder[..<portColon]
                remainder = remainder[remainder.index(after: portColon)...]
            } else {
                if !remainder.isEmpty { host = remainder }
                remainder = ""
            }
            if !remainder.isEmpty {
                guard let p = Int(remainder), (1...65535).contains(p) else { throw GPSSourceSpecError("'\(remainder)' is not a TCP port") }
                port = p
            }
            if host.isEmpty { host = "localhost" }
            self = .gpsd(host: String(host), port: port)
        case "file":
            let (path, suffix) = GPSSourceSpec.splitAtLastAt(rest)
            guard !path.isEmpty else { throw GPSSourceSpecError("file source needs a path: file:PATH[@RATE]") }
            var speedup: Double? = 1
            if let suffix {
                if suffix == "max" {
                    speedup = nil
                } else {
                    let digits = suffix.hasSuffix("x") ? suffix.dropLast() : suffix
                    // 0.001x plays an hour in six weeks; 10000x is as fast as a loop turns: outside
                    // those a rate is a typo (and an epoch's delay would overflow the clock).
                    guard let r = Double(digits), (0.001...10_000).contains(r) else {
                        throw GPSSourceSpecError("'\(suffix)' is not a playback rate: use e.g. @1x, @10x or @max (0.001x to 10000x)")
                    }
                    speedup = r
                }
            }
            self = .file(path: String(path), speedup: speedup)
        default:
            throw GPSSourceSpecError("unknown GPS source kind '\(scheme)': expected serial, gpsd or file")
        }
    }

    /// The canonical SOURCE string (parses back to an equal value).
    public var description: String {
        switch self {
        case let .serial(path, baud): return "serial:\(path)" + (baud.map { "@\($0)" } ?? "")
        case let .gpsd(host, port): return host.contains(":") ? "gpsd:[\(host)]:\(port)" : "gpsd:\(host):\(port)"
        case let .file(path, speedup):
            guard let speedup else { return "file:\(path)@max" }
            return "file:\(path)@" + ((speedup == speedup.rounded() ? speedup.roundedInt().map(String.init) : nil) ?? String(speedup)) + "x"
        }
    }

    /// `path@suffix` split at the last `@` (paths may contain one earlier).
    private static func splitAtLastAt(_ s: Substring) -> (Substring, Substring?) {
        guard let at = s.lastIndex(of: "@") else { return (s, nil) }
        return (s[..<at], s[s.index(after: at)...])
    }
}

/// A SOURCE string that does not parse; the message names what is wrong.
public struct GPSSourceSpecError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
