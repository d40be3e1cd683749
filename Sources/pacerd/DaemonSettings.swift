#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// The settings pacerd runs with: the config file's values with the command line's on top.
struct DaemonSettings {
    var gpsSource = "serial:/dev/pacer-gps"
    var sensors = "bluez"
    var socketPath = "/run/pacer/pacer.sock"
    var socketGroup = "pacer"
    var socketMode: UInt32 = 0o660
    var watchPublic = false
    var journalDirectory = "/var/lib/pacer"

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

    static func load(options: DaemonOptions) throws -> DaemonSettings {
        var s = DaemonSettings()
        if let v = options.gpsSource { s.gpsSource = v }
        if let v = options.sensors { s.sensors = v }
        if let v = options.socketPath { s.socketPath = v }
        if let v = options.journalDirectory { s.journalDirectory = v }
        return s
    }
}
