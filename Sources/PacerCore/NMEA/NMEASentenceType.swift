/// The sentence types Pacer decodes, and the table that maps a type to the
/// minimum field count (address included, as gpsd counts) below which the sentence is ignored.
public enum NMEASentenceType: UInt8, CaseIterable, Sendable {
    case gga, rmc, gll, gns, gsa, gsv, vtg, zda, gst, gbs

    /// (type, three letters, minimum fields): gpsd's `nmea_phrase` table, for the types Pacer uses.
    static let table: [(type: NMEASentenceType, code: UInt32, minimumFields: Int)] = [
        (.gga, code("GGA"), 13), (.rmc, code("RMC"), 8), (.gll, code("GLL"), 7),
        (.gns, code("GNS"), 13), (.gsa, code("GSA"), 17), (.gsv, code("GSV"), 4),
        (.vtg, code("VTG"), 5), (.zda, code("ZDA"), 4), (.gst, code("GST"), 8),
        (.gbs, code("GBS"), 7),
    ]

    public var minimumFields: Int { NMEASentenceType.table[Int(rawValue)].minimumFields }

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
