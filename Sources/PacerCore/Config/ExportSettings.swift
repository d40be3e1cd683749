/// `[export]`: where pacerd writes each finished session for other software to pick up (a sync
/// folder), and in which formats. Off unless `dir` is set.
///
/// ```
/// [export]
/// dir = /var/lib/pacer/outbox    ; off by default
/// formats = fit,gpx              ; any of gpx, tcx, fit, csv, json (the summary)
/// ```
public struct ExportSettings: Equatable, Sendable {
    public var directory: String?
    public var formats: [ExportFormat] = [.fit, .gpx]
    public init() {}
}

extension PacerConfig {
    mutating func applyExportKey(key: String, parser p: ConfigValueParser) throws {
        switch key {
        case "dir":
            export.directory = ["off", "no", "none"].contains(p.value.lowercased()) ? nil : try p.absolutePath()
        case "formats":
            var formats: [ExportFormat] = []
            for name in p.value.split(separator: ",") {
                let trimmed = PacerConfig.trim(name)
                guard let f = ExportFormat(rawValue: String(trimmed).lowercased()) else {
                    throw ConfigValueProblem("'\(trimmed)' is not an export format (\(ExportFormat.names()))")
                }
                if !formats.contains(f) { formats.append(f) }
            }
            guard !formats.isEmpty else { throw ConfigValueProblem("needs at least one format (\(ExportFormat.names()))") }
            export.formats = formats
        default: throw ConfigValueProblem("unknown key")
        }
    }
}
