/// Readers for the groups METAR and TAF share (wind, visibility, present weather, sky cover),
/// over one group's bytes. Each returns nil when the group is not of its kind, so a decoder can
/// try them in turn; none indexes past the group, so no input can trap.
enum WeatherGroups {
    static let knotsPerMetrePerSecond = 1.943844
    static let knotsPerKilometrePerHour = 1 / 1.852
    static let metresPerStatuteMile = 1609.344

    /// A report's groups, split at white space, without the `=` that ends a bulletin's report.
    static func split(_ raw: String) -> [[UInt8]] {
        var groups = raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).map { Array($0.utf8) }
        if let last = groups.last, last.last == UInt8(ascii: "=") {
            groups[groups.count - 1].removeLast()
            if groups[groups.count - 1].isEmpty { groups.removeLast() }
        }
        return groups
    }

    static func isDigits(_ g: [UInt8]) -> Bool { !g.isEmpty && g.allSatisfy { $0 >= 48 && $0 <= 57 } }

    static func hasSuffix(_ g: [UInt8], _ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard g.count >= n else { return false }
        return s.withUTF8Buffer { Array(g[(g.count - n)...]) == Array($0) }
    }

    /// `dddff(f)(Gff(f))KT|MPS|KMH`, `VRBffKT`, `00000KT`, `/////KT`.
    static func wind(_ g: [UInt8]) -> Wind? {
        let factor: Double
        let unitLength: Int
        if hasSuffix(g, "KT") { factor = 1; unitLength = 2 }
        else if hasSuffix(g, "MPS") { factor = knotsPerMetrePerSecond; unitLength = 3 }
        else if hasSuffix(g, "KMH") { factor = knotsPerKilometrePerHour; unitLength = 3 }
        else { return nil }
        let body = Array(g[..<(g.count - unitLength)])
        guard body.count >= 5 else { return nil }
        if body.allSatisfy({ $0 == UInt8(ascii: "/") }) { return Wind(direction: nil, variable: false, speed: nil, gust: nil) }
        let variable = body.starts(with: Array("VRB".utf8))
        let direction = variable ? nil : ASCIIDigits.value(body, 0, 3)
        guard variable || direction.map({ $0 <= 360 && $0 % 10 == 0 }) == true else { return nil }
        var i = 3
        var speedDigits = 0
        while i + speedDigits < body.count, body[i + speedDigits] >= 48, body[i + speedDigits] <= 57 { speedDigits += 1 }
        guard speedDigits == 2 || speedDigits == 3, let speed = ASCIIDigits.value(body, i, speedDigits) else { return nil }
        i += speedDigits
        var gust: Int?
        if i < body.count {
            guard body[i] == UInt8(ascii: "G") else { return nil }
            let n = body.count - i - 1
            guard n == 2 || n == 3, let g = ASCIIDigits.value(body, i + 1, n) else { return nil }
            gust = g
            i = body.count
        }
        func knots(_ v: Int) -> Int { (Double(v) * factor).clampedInt() }
        return Wind(direction: direction, variable: variable, speed: knots(speed), gust: gust.map(knots))
    }

    /// `dddVddd`: the range a variable wind blows from.
    static func windVariation(_ g: [UInt8]) -> (from: Int, to: Int)? {
        guard g.count == 7, g[3] == UInt8(ascii: "V"), let a = ASCIIDigits.value(g, 0, 3), let b = ASCIIDigits.value(g, 4, 3),
              a <= 360, b <= 360 else { return nil }
        return (a, b)
    }

    /// Visibility in metres: `9999`, `0800`, `4000NE` (a directional minimum), `9999NDV`.
    static func metricVisibility(_ g: [UInt8]) -> Int? {
        guard g.count >= 4, let v = ASCIIDigits.value(g, 0, 4) else { return nil }
        let rest = Array(g[4...])
        let directions: [[UInt8]] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW", "NDV"].map { Array($0.utf8) }
        guard rest.isEmpty || directions.contains(rest) else { return nil }
        return v == 9999 ? 10000 : v
    }

    /// Statute miles: `10SM`, `1/2SM`, `M1/4SM` (less than), `P6SM` (more than); the whole part
    /// of `1 1/2SM` arrives as `whole`. Returns metres.
    static func statuteMileVisibility(_ g: [UInt8], whole: Int = 0) -> Int? {
        guard hasSuffix(g, "SM") else { return nil }
        var body = Array(g[..<(g.count - 2)])
        if let first = body.first, first == UInt8(ascii: "M") || first == UInt8(ascii: "P") { body.removeFirst() }
        guard !body.isEmpty else { return nil }
        var miles = Double(whole)
        if let slash = body.firstIndex(of: UInt8(ascii: "/")) {
            guard let n = ASCIIDigits.value(body, 0, slash), let d = ASCIIDigits.value(body, slash + 1, body.count - slash - 1), d > 0 else { return nil }
            miles += Double(n) / Double(d)
        } else {
            guard whole == 0, let n = ASCIIDigits.value(body, 0, body.count) else { return nil }
            miles = Double(n)
        }
        return (miles * metresPerStatuteMile).clampedInt()
    }

    static let intensities: [String] = ["-", "+", "VC"]
    static let descriptors: [String] = ["MI", "BC", "PR", "DR", "BL", "SH", "TS", "FZ"]
    static let phenomena: [String] = ["DZ", "RA", "SN", "SG", "IC", "PL", "GR", "GS", "UP",
                                      "BR", "FG", "FU", "VA", "DU", "SA", "HZ", "PY",
                                      "PO", "SQ", "FC", "SS", "DS"]

    /// A present-weather group: optional intensity or proximity, optional descriptor, then
    /// phenomena two letters each (`+TSRA`, `VCSH`, `-FZDZ`, `BR`, `-SHRASN`), or `NSW` (no
    /// significant weather, in TAF and trends). Returns the group as written.
    static func presentWeather(_ g: [UInt8]) -> String? {
        guard let text = String(validating: g, as: UTF8.self) else { return nil }
        if text == "NSW" { return text }
        var rest = Substring(text)
        if let i = intensities.first(where: { rest.hasPrefix($0) }) { rest = rest.dropFirst(i.count) }
        var sawDescriptor = false
        if let d = descriptors.first(where: { rest.hasPrefix($0) }) { rest = rest.dropFirst(d.count); sawDescriptor = true }
        var count = 0
        while !rest.isEmpty {
            guard rest.count >= 2, phenomena.contains(String(rest.prefix(2))) else { return nil }
            rest = rest.dropFirst(2)
            count += 1
        }
        // "TS" and "SH" may stand alone (a thunderstorm without precipitation, showers nearby).
        guard count > 0 || (sawDescriptor && (text.hasSuffix("TS") || text.hasSuffix("SH"))) else { return nil }
        return text
    }

    /// `FEW|SCT|BKN|OVC` + three digits of hundreds of feet (or `///`) + optional `CB`/`TCU`/`///`,
    /// `VVhhh` (vertical visibility, an obscured sky), `SKC|CLR|NSC|NCD` (clear).
    static func sky(_ g: [UInt8]) -> SkyGroup? {
        guard let text = String(validating: g, as: UTF8.self) else { return nil }
        if ["SKC", "CLR", "NSC", "NCD"].contains(text) { return .clear(text) }
        let amount: SkyLayer.Amount
        let start: Int
        if text.hasPrefix("VV") { amount = .verticalVisibility; start = 2 }
        else if let a = SkyLayer.Amount(rawValue: String(text.prefix(3))), a != .verticalVisibility { amount = a; start = 3 }
        else { return nil }
        guard g.count >= start + 3 else { return nil }
        let height = ASCIIDigits.value(g, start, 3).map { $0 * 100 }
        if height == nil, g[start..<(start + 3)].contains(where: { $0 != UInt8(ascii: "/") }) { return nil }
        let suffix = String(decoding: g[(start + 3)...], as: UTF8.self)
        let cloud: SkyLayer.Convective?
        switch suffix {
        case "": cloud = nil
        case "CB": cloud = .cumulonimbus
        case "TCU": cloud = .toweringCumulus
        case "///": cloud = nil
        default: return nil
        }
        if amount == .verticalVisibility, cloud != nil { return nil }
        return .layer(SkyLayer(amount: amount, heightFeet: height, convective: cloud))
    }

    enum SkyGroup {
        case clear(String), layer(SkyLayer)

        /// Where a METAR and a TAF period keep a sky group: the clear sky's word, or one more layer.
        func record(clearSky: inout String?, layers: inout [SkyLayer]) {
            switch self {
            case .clear(let c): clearSky = c
            case .layer(let l): layers.append(l)
            }
        }
    }
}
