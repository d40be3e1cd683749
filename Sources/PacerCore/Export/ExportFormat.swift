/// The file formats a session exports to, one row each: the name users type (`--format`,
/// `[export] formats`), the file extension and the writer.
public enum ExportFormat: String, CaseIterable, Sendable {
    case gpx, tcx, fit, csv

    public var fileExtension: String { rawValue }

    public var write: (ExportSession) -> [UInt8] {
        switch self {
        case .gpx: GPXWriter.write
        case .tcx: TCXWriter.write
        case .fit: FITWriter.write
        case .csv: CSVWriter.write
        }
    }
}
