import PacerCore
import PacerSystem

/// HTTP(S) for `pacerctl weather --near/--station`, through `curl` run as a child process: TLS
/// without linking FoundationNetworking (and libcurl) into pacerctl, whose other commands stay
/// as quick to start as before, and pacerd never links any of it.
struct WeatherFetch {
    /// A fetch failure: `offline` when the service could not be reached at all.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        let offline: Bool
    }

    static let timeoutSeconds = 10

    func get(_ url: String) throws -> [UInt8] {
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: ["curl", "--silent", "--show-error", "--fail", "--location",
                                                 "--max-time", String(Self.timeoutSeconds),
                                                 "--user-agent", "pacer/\(PacerVersion.release)", "--", url])
        } catch {
            throw Failure(description: "cannot run curl to fetch the weather: \(error)", offline: true)
        }
        let body = try child.readAll()
        let status = try child.waitForExit()
        switch status {
        case 0: return body
        // Could not resolve, connect, time out, TLS handshake, nothing received.
        case 5, 6, 7, 28, 35, 52, 55, 56:
            throw Failure(description: "weather service unreachable (offline?): \(Self.hostPart(url)) (curl exit \(status))", offline: true)
        default:
            throw Failure(description: "weather service error at \(Self.hostPart(url)) (curl exit \(status))", offline: false)
        }
    }

    static func hostPart(_ url: String) -> String {
        guard let q = url.firstIndex(of: "?") else { return url }
        return String(url[..<q])
    }
}
