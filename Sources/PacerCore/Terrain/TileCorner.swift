/// The south-west corner of a one-degree SRTM tile, which is also its name: `N47E008.hgt`
/// holds latitudes 47...48 and longitudes 8...9. The name is the only place a `.hgt` file says
/// where it lies (the file is bare heights), so a name that does not parse is refused, never guessed.
public struct TileCorner: Hashable, Sendable, CustomStringConvertible {
    /// Whole degrees, -90..<90 and -180..<180.
    public let latitude: Int
    public let longitude: Int

    /// nil outside the globe's corners.
    public init?(latitude: Int, longitude: Int) {
        guard (-90..<90).contains(latitude), (-180..<180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `N47E008.hgt`, `s12w077.HGT` (any case: tiles arrive named both ways); nil for any
    /// other name, including `N47E8.hgt`, `N47E008 (1).hgt` and `N95E008.hgt`.
    public init?(fileName: String) {
        let chars = Array(fileName.utf8).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        guard chars.count == 11, Array(chars[7...]) == Array(".HGT".utf8),
              let north = Self.hemisphere(chars[0], positive: 0x4E, negative: 0x53),
              let east = Self.hemisphere(chars[3], positive: 0x45, negative: 0x57),
              let lat = Self.digits(chars[1...2]), let lon = Self.digits(chars[4...6]),
              // S00 and W000 would be corner 0, which is N00's and E000's: no such tiles.
              north || lat > 0, east || lon > 0 else { return nil }
        self.init(latitude: north ? lat : -lat, longitude: east ? lon : -lon)
    }

    /// The file name as SRTM writes it: upper case, zero-padded.
    public var fileName: String {
        func padded(_ n: Int, _ width: Int) -> String {
            let s = String(n.magnitude)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return (latitude < 0 ? "S" : "N") + padded(latitude, 2) + (longitude < 0 ? "W" : "E") + padded(longitude, 3) + ".hgt"
    }

    public var description: String { fileName }

    /// The tiles whose square holds the point, the one it lies in first (floor of each
    /// coordinate); a point on a tile's north or east edge (latitude exactly 47.0) lies on the
    /// shared posts of the neighbour too, which answers when the first tile is missing or void
    /// there, and is the only tile at latitude 90 or longitude 180. Empty for NaN, infinities
    /// and anything off the globe.
    public static func tiles(latitude: Double, longitude: Double) -> [TileCorner] {
        guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180,
              let lat = latitude.roundedInt(.down), let lon = longitude.roundedInt(.down) else { return [] }
        let lats = Double(lat) == latitude ? [lat, lat - 1] : [lat]
        let lons = Double(lon) == longitude ? [lon, lon - 1] : [lon]
        return lats.flatMap { a in lons.compactMap { TileCorner(latitude: a, longitude: $0) } }
    }

    private static func hemisphere(_ c: UInt8, positive: UInt8, negative: UInt8) -> Bool? {
        c == positive ? true : c == negative ? false : nil
    }

    private static func digits(_ chars: ArraySlice<UInt8>) -> Int? {
        var n = 0
        for c in chars {
            guard c >= 0x30, c <= 0x39 else { return nil }
            n = n * 10 + Int(c - 0x30)
        }
        return n
    }
}
