/// `[report]`: where pacerd keeps the HTML report (`pacerctl report`) up to date, made again
/// in a child process after each session stops. Off unless `dir` is set.
///
/// ```
/// [report]
/// dir = /var/lib/pacer/report    ; off by default
/// ```
public struct ReportSettings: Equatable, Sendable {
    public var directory: String?
    public init() {}
}

extension PacerConfig {
    mutating func applyReportKey(key: String, parser p: ConfigValueParser) throws {
        switch key {
        case "dir": report.directory = ["off", "no", "none"].contains(p.value.lowercased()) ? nil : try p.absolutePath()
        default: throw ConfigValueProblem("unknown key")
        }
    }
}
