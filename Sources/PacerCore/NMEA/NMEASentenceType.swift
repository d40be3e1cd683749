/// The sentence types Pacer decodes, and the table that holds everything about each one: its
/// three letters, the minimum field count below which it is ignored, and its decoder.
public enum NMEASentenceType: UInt8, CaseIterable, Sendable {
    case gga, rmc, gll, gns, gsa, gsv, vtg, zda, gst, gbs

    /// One sentence type as every layer reads it, after gpsd's `nmea_phrase` rows
    /// (`{name, minimum fields, ..., decoder}`). A struct, not a tuple: a function inside a
    /// tuple element of an array is stored reabstracted and would be called through a thunk.
    struct Row: Sendable {
        let type: NMEASentenceType
        /// The last three letters of the address (`GGA` of `GPGGA`), as `code(_:)` packs them.
        let code: UInt32
        /// Fields a sentence needs (address included, as gpsd counts); fewer: malformed.
        let minimumFields: Int
        /// Fills the report from the fields, which hold at least `minimumFields`.
        let decode: @Sendable (NMEAFields, inout NMEAReport) -> Void
    }

    /// One row per case, in the cases' order (a type's row is `table[rawValue]`). Adding a
    /// sentence type is a case, a row here and its decoder function in `NMEASentenceDecoder`.
    /// Minimum fields are gpsd's, for the types Pacer uses.
    static let table: [Row] = [
        Row(type: .gga, code: code("GGA"), minimumFields: 13, decode: NMEASentenceDecoder.gga),
        Row(type: .rmc, code: code("RMC"), minimumFields: 8, decode: NMEASentenceDecoder.rmc),
        Row(type: .gll, code: code("GLL"), minimumFields: 7, decode: NMEASentenceDecoder.gll),
        Row(type: .gns, code: code("GNS"), minimumFields: 13, decode: NMEASentenceDecoder.gns),
        Row(type: .gsa, code: code("GSA"), minimumFields: 17, decode: NMEASentenceDecoder.gsa),
        Row(type: .gsv, code: code("GSV"), minimumFields: 4, decode: NMEASentenceDecoder.gsv),
        Row(type: .vtg, code: code("VTG"), minimumFields: 5, decode: NMEASentenceDecoder.vtg),
        Row(type: .zda, code: code("ZDA"), minimumFields: 4, decode: NMEASentenceDecoder.zda),
        Row(type: .gst, code: code("GST"), minimumFields: 8, decode: NMEASentenceDecoder.gst),
        Row(type: .gbs, code: code("GBS"), minimumFields: 7, decode: NMEASentenceDecoder.gbs),
    ]

    /// This type's row of the table.
    var row: Row { NMEASentenceType.table[Int(rawValue)] }
    public var minimumFields: Int { row.minimumFields }

    static func code(_ s: StaticString) -> UInt32 {
        let p = s.utf8Start
        return UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
    }

    /// Looks up the type named by the last three bytes of a five-byte address (`GPGGA`).
    static func lookup(_ code: UInt32) -> NMEASentenceType? {
        for entry in table where entry.code == code { return entry.type }
        return nil
    }
}
