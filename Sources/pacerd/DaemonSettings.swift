#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// What pacerd runs with: the config file (when there is one) with the command line on top.
enum DaemonSettings {
    static var environment: [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        return env
    }

    /// Reads `--config FILE` (which must exist), else /etc/pacer/pacer.conf when present, else
    /// defaults; then applies the flags. A bad file is an error naming file, line and key.
    /// Returns the settings and the file's text (kept with each session).
    static func load(options: DaemonOptions) throws -> (PacerConfig, String) {
        var config = PacerConfig()
        var text = ""
        let path = options.configPath ?? DaemonOptions.defaultConfigPath
        if options.configPath != nil || access(path, F_OK) == 0 {
            text = try FileByteSource.readText(path, limit: PacerConfig.maximumFileBytes)
            config = try PacerConfig(parsing: text, file: path)
        }
        if let v = options.gpsSource { config.gpsSource = v }
        if let v = options.sensors { config.sensors = v == "none" ? .none : .bluez }
        if let v = options.socketPath { config.socketPath = v }
        if let v = options.journalDirectory { config.journalDirectory = v }
        return (config, text)
    }
}
