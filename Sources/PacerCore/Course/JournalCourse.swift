/// What a session's journal says of the course it followed, for `show` and the report page: the
/// `course` marker's name, length and outline (a JSON object), and the stretches between each
/// `off_course` marker and the `back_on_course` after it.
public struct JournalCourse: Equatable, Sendable {
    public var name: String
    public var length: Double
    public var outline: [CourseOutlinePoint]
    /// When the rider was off the course: from the off_course marker to the next back_on_course
    /// (or the end of the session).
    public var offCourse: [(from: UTCTime, to: UTCTime?)]

    public static func == (a: JournalCourse, b: JournalCourse) -> Bool {
        a.name == b.name && a.length == b.length && a.outline == b.outline
            && a.offCourse.map(\.from) == b.offCourse.map(\.from) && a.offCourse.map(\.to) == b.offCourse.map(\.to)
    }

    /// The `course` marker's detail: `{"name":...,"distance_m":...,"outline":[[lat,lon],...]}`, at 1e-5°.
    static func detail(name: String, length: Double, outline: [CourseOutlinePoint]) -> String {
        var w = JSONWriter(capacity: 64 + 24 * outline.count)
        w.beginObject()
        w.key("name"); w.value(name)
        w.key("distance_m"); w.value(length, decimals: 1)
        w.key("outline"); w.beginArray()
        for p in outline {
            w.beginArray(); w.value(p.latitude, decimals: 5); w.value(p.longitude, decimals: 5); w.endArray()
        }
        w.endArray()
        w.endObject()
        return String(decoding: w.takeBytes(), as: UTF8.self)
    }

}

extension JournalCourse {
    /// The last course a session followed, with its off-course stretches after it; nil without one.
    /// An outline point that is no position (damage) is left out.
    public init?(events: [JournalEvent]) {
        var found: JournalCourse?
        for case let .marker(time, kind, detail) in events {
            switch kind {
            case "course":
                guard let json = try? JSONValue.parse(Array(detail.utf8)), let name = json["name"]?.string,
                      let length = json["distance_m"]?.number, length.isFinite, length >= 0 else { continue }
                let outline = (json["outline"]?.array ?? []).compactMap { p -> CourseOutlinePoint? in
                    guard let lat = p.array?.first?.number, let lon = p.array?.last?.number, abs(lat) <= 90, abs(lon) <= 180 else { return nil }
                    return CourseOutlinePoint(latitude: lat, longitude: lon)
                }
                found = JournalCourse(name: name, length: length, outline: outline, offCourse: [])
            case "off_course": found?.offCourse.append((time, nil))
            case "back_on_course":
                if let last = found?.offCourse.last, last.to == nil { found!.offCourse[found!.offCourse.count - 1].to = time }
            default: continue
            }
        }
        guard let found else { return nil }
        self = found
    }
}
