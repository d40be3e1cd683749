/// A UTC instant with millisecond resolution, as GPS receivers and BLE logs report it.
///
/// Kept as an integer so that times compare and round-trip exactly; calendar
/// conversion is done here (proleptic Gregorian, no leap seconds, as UTC in
/// NMEA and RFC 3339 are written) so the core needs no Foundation date types.
public struct UTCTime: Hashable, Comparable, Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSinceEpoch: Int64

    public init(millisecondsSinceEpoch: Int64) {
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
    }

    /// Builds a time from calendar fields; nil when a field is out of range.
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int = 0) {
        guard (1...12).contains(month), (1...UTCTime.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (0...999).contains(millisecond) else { return nil }
        let days = UTCTime.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        millisecondsSinceEpoch = seconds * 1000 + Int64(millisecond)
    }

    public static func < (a: UTCTime, b: UTCTime) -> Bool {
        a.millisecondsSinceEpoch < b.millisecondsSinceEpoch
    }

    /// The times a recording may carry: 1970 (a board without a real-time clock boots there)
    /// to 2199. Sessions run on nanosecond instants, which end in 2262; a time outside is a
    /// receiver's or a log's garbage, refused where it comes in.
    public static let recordable = UTCTime(millisecondsSinceEpoch: 0)...UTCTime(millisecondsSinceEpoch: 7_258_118_399_999)

    /// Seconds since the epoch as a Double, for arithmetic on durations.
    public var secondsSinceEpoch: Double { Double(millisecondsSinceEpoch) / 1000 }

    /// Calendar fields of this instant.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        let ms = millisecondsSinceEpoch
        var days = ms / 86_400_000
        var rem = ms % 86_400_000
        if rem < 0 { rem += 86_400_000; days -= 1 }
        let (y, m, d) = UTCTime.civil(fromDays: Int(days))
        let msOfDay = Int(rem)
        return (y, m, d, msOfDay / 3_600_000, msOfDay / 60_000 % 60, msOfDay / 1000 % 60, msOfDay % 1000)
    }

    /// RFC 3339 with milliseconds and a `Z`, the form gpsd and the BLE log use:
    /// `2026-03-01T07:00:00.512Z`.
    public var rfc3339: String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONWriter.encodedTimeLength) { buffer in
            let quoted = JSONWriter.encode(self, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[1..<(quoted - 1)]), as: UTF8.self)
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff...](Z|±HH:MM)`; nil for anything else.
    public init?(rfc3339 text: Substring) {
        let b = Array(text.utf8)
        func num(_ from: Int, _ count: Int) -> Int? { ASCIIDigits.value(b, from, count) }
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116 || b[10] == 32,
              b[13] == 58, b[16] == 58,
              let year = num(0, 4), let month = num(5, 2), let day = num(8, 2),
              let hour = num(11, 2), let minute = num(14, 2), let second = num(17, 2) else { return nil }
        var i = 19
        var millis = 0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 100
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                millis += Int(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offsetMinutes = 0
        guard i < b.count else { return nil }
        if b[i] == 90 || b[i] == 122 {
            i += 1
        } else if b[i] == 43 || b[i] == 45, let oh = num(i + 1, 2), i + 3 < b.count, b[i + 3] == 58,
                  let om = num(i + 4, 2) {
            offsetMinutes = (oh * 60 + om) * (b[i] == 45 ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count, let t = UTCTime(year: year, month: month, day: day, hour: hour,
                                            minute: minute, second: second, millisecond: millis) else { return nil }
        self = t.subtracting(milliseconds: Int64(offsetMinutes) * 60_000)
    }

    public init?(rfc3339 text: String) { self.init(rfc3339: text[...]) }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

/// Encoded as its RFC 3339 string, the form every Pacer JSON document uses.
extension UTCTime: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let t = UTCTime(rfc3339: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an RFC 3339 time: \(text)"))
        }
        self = t
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rfc3339)
    }
}
