import PacerCore

/// pacerd's command line: each flag, when given, overrides the config file's value.
struct DaemonOptions {
    static let usage = "pacerd [--config FILE] [--gps SOURCE] [--sensors bluez|none] [--socket PATH] [--journal DIR]"
    static let defaultConfigPath = "/etc/pacer/pacer.conf"

    var configPath: String?
    var gpsSource: String?
    var sensors: String?
    var socketPath: String?
    var journalDirectory: String?

    init(_ arguments: [String]) throws {
        let args = try CommandArguments(arguments, options: ["config", "gps", "sensors", "socket", "journal"])
        try args.expectNoPositionals()
        configPath = args.option("config")
        gpsSource = args.option("gps")
        sensors = args.option("sensors")
        if let s = sensors, s != "bluez", s != "none" { throw UsageError("--sensors must be bluez or none") }
        socketPath = args.option("socket")
        journalDirectory = args.option("journal")
    }
}
