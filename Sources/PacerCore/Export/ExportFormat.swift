/// The file formats a session exports to, one row each: the name users type (`--format`,
/// `[export] formats`), the file extension and the writer. `json` is the session's summary as
/// `pacerctl show --json` prints it (the webhook sends it beside the FIT).
public enum ExportFormat: String, CaseIterable, Sendable {
    case gpx, tcx, fit, csv, json

    public var fileExtension: String { rawValue }

    public var write: (ExportSession) -> [UInt8] {
        switch self {
        case .gpx: GPXWriter.write
        case .tcx: TCXWriter.write
        case .fit: FITWriter.write
        case .csv: CSVWriter.write
        case .json: { Array(($0.summary.json + "\n").utf8) }
        }
    }

    /// The names, for usage lines and errors: `gpx, tcx, fit, csv, json`.
    public static func names(separator: String = ", ") -> String { allCases.map(\.rawValue).joined(separator: separator) }
}
