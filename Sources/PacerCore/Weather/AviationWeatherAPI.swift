#if canImport(Glibc)
import Glibc
#endif

/// The Aviation Weather Center's data API (aviationweather.gov/data/api): the requests
/// `pacerctl weather` makes and the reading of its answers. Pure: the caller does the HTTP.
///
/// - `stationinfo?bbox=minLat,minLon,maxLat,maxLon&format=json`: stations in a box, each with
///   `icaoId` (or `id`), `lat`, `lon` and `siteType` (which of METAR and TAF it issues);
/// - `metar?ids=A,B&format=raw`: the latest METAR of each, one per line;
/// - `taf?ids=A,B&format=raw`: the latest TAF of each, each starting `TAF`, continued on
///   indented lines.
public struct AviationWeatherAPI: Sendable {
    public var base: String
    public init(base: String) { self.base = base.hasSuffix("/") ? String(base.dropLast()) : base }

    /// How many of the nearest stations one request asks reports for.
    public static let candidates = 10

    public func stationsURL(latitude: Double, longitude: Double, radiusKilometres: Double) -> String {
        let b = Self.boundingBox(latitude: latitude, longitude: longitude, radiusKilometres: radiusKilometres)
        return "\(base)/stationinfo?bbox=\(b.minLat),\(b.minLon),\(b.maxLat),\(b.maxLon)&format=json"
    }
    public func metarURL(_ ids: [String]) -> String { "\(base)/metar?ids=\(ids.joined(separator: ","))&format=raw" }
    public func tafURL(_ ids: [String]) -> String { "\(base)/taf?ids=\(ids.joined(separator: ","))&format=raw" }

    /// A box around a circle (degrees rounded outwards to 0.01), clamped to the poles and the antimeridian.
    public static func boundingBox(latitude: Double, longitude: Double, radiusKilometres: Double) -> (minLat: Double, minLon: Double, maxLat: Double, maxLon: Double) {
        let dLat = radiusKilometres / 111.32
        let cosLat = max(0.01, cos(latitude * .pi / 180))
        let dLon = min(180, dLat / cosLat)
        func round(_ v: Double, _ up: Bool) -> Double { (up ? (v * 100).rounded(.up) : (v * 100).rounded(.down)) / 100 }
        return (round(max(-90, latitude - dLat), false), round(max(-180, longitude - dLon), false),
                round(min(90, latitude + dLat), true), round(min(180, longitude + dLon), true))
    }

    /// The stations of a `stationinfo` answer that issue METARs, nearest first, within the radius.
    public static func nearestStations(_ json: [UInt8], latitude: Double, longitude: Double, radiusKilometres: Double) throws -> [WeatherStation] {
        guard let list = try JSONValue.parse(json).array else { return [] }
        var queue = NearestStationQueue()
        for item in list {
            guard let id = item["icaoId"]?.string ?? item["id"]?.string, METARDecoder.isStation(Array(id.utf8)),
                  let lat = item["lat"]?.number, let lon = item["lon"]?.number else { continue }
            let types = item["siteType"]?.array?.compactMap(\.string) ?? []
            guard types.contains("METAR") else { continue }
            let d = Geodesy.haversine(latitude1: latitude, longitude1: longitude, latitude2: lat, longitude2: lon)
            guard d <= radiusKilometres * 1000 else { continue }
            queue.push(WeatherStation(id: id, latitude: lat, longitude: lon, distanceMetres: d, issuesTAF: types.contains("TAF")))
        }
        var ordered: [WeatherStation] = []
        while let s = queue.pop() { ordered.append(s) }
        return ordered
    }

    /// Raw METARs, one per non-empty line, by station.
    public static func rawMETARs(_ text: [UInt8]) -> [String: String] {
        var out: [String: String] = [:]
        for line in String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let report = METARDecoder.decode(String(line))
            if let id = report.station, out[id] == nil { out[id] = String(line).trimmedSpaces }
        }
        return out
    }

    /// Raw TAFs (continuation lines joined), by station.
    public static func rawTAFs(_ text: [UInt8]) -> [String: String] {
        var out: [String: String] = [:]
        var current: [String] = []
        func flush() {
            guard !current.isEmpty else { return }
            let raw = current.joined(separator: " ")
            if let id = TAFDecoder.decode(raw).station, out[id] == nil { out[id] = raw }
            current = []
        }
        for line in String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let trimmed = String(line).trimmedSpaces
            if trimmed.isEmpty { continue }
            if line.first != " " && line.first != "\t" { flush() }
            current.append(trimmed)
        }
        flush()
        return out
    }

    /// The first station, nearest first, that has both a METAR and a TAF; else the nearest with a METAR.
    public static func choose(_ stations: [WeatherStation], metars: [String: String], tafs: [String: String]) -> (station: WeatherStation, metar: String, taf: String?)? {
        if let s = stations.first(where: { metars[$0.id] != nil && tafs[$0.id] != nil }) { return (s, metars[s.id]!, tafs[s.id]) }
        if let s = stations.first(where: { metars[$0.id] != nil }) { return (s, metars[s.id]!, nil) }
        return nil
    }
}

/// A reporting station and how far it is from where the weather is wanted.
public struct WeatherStation: Equatable, Sendable {
    public var id: String
    public var latitude: Double
    public var longitude: Double
    public var distanceMetres: Double
    public var issuesTAF: Bool
}

/// A binary min-heap of stations by distance: the nearest comes out first.
struct NearestStationQueue {
    private var heap: [WeatherStation] = []
    mutating func push(_ s: WeatherStation) {
        heap.append(s)
        var i = heap.count - 1
        while i > 0, heap[(i - 1) / 2].distanceMetres > heap[i].distanceMetres {
            heap.swapAt(i, (i - 1) / 2)
            i = (i - 1) / 2
        }
    }
    mutating func pop() -> WeatherStation? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count, heap[l].distanceMetres < heap[m].distanceMetres { m = l }
            if r < heap.count, heap[r].distanceMetres < heap[m].distanceMetres { m = r }
            if m == i { break }
            heap.swapAt(i, m)
            i = m
        }
        return top
    }
}

private extension String {
    var trimmedSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
