/// Reads a FIT course file (file type 6, as Garmin Connect, Komoot and Ride with GPS export
/// them) into a `CourseDraft`: the `course` message's name, the `record` messages' positions
/// and elevations as the track, the `course_point` messages as cues with the file's own
/// distances. An activity file (type 4) reads the same way, so a ride recorded once can be
/// followed again. Values are only taken apart here; `Course(draft)` judges them (a latitude past
/// 90°, too few points), so a number outside its range passes through as a Double, never a trap.
public enum FITCourseReader {
    /// Degrees per semicircle: FIT positions are sint32 with 2^31 semicircles to 180°.
    static let degreesPerSemicircle = 180.0 / 2_147_483_648.0

    enum Global {
        static let fileID: UInt16 = 0, record: UInt16 = 20, course: UInt16 = 31, coursePoint: UInt16 = 32
    }

    /// The FIT file types a course can come from, and a few others by name for the refusal.
    static let fileTypeNames: [Int64: String] = [
        1: "device", 2: "settings", 3: "sport", 4: "activity", 5: "workout", 6: "course", 7: "schedules",
        9: "weight", 10: "totals", 11: "goals", 14: "blood pressure", 15: "monitoring", 20: "activity summary",
        28: "daily monitoring", 32: "monitoring", 34: "segment", 35: "segment list",
    ]

    public static func read(_ bytes: [UInt8]) throws -> CourseDraft {
        var reader = try FITFileReader(bytes)
        var draft = CourseDraft(format: "FIT")
        var first = true
        while let m = try reader.next() {
            // FIT puts file_id first: without it there is no telling what the records are.
            if first {
                first = false
                guard m.global == Global.fileID else {
                    throw FITFileReader.failure(m.offset, "the first message is global message \(m.global), not file_id (0)")
                }
            }
            switch m.global {
            case Global.fileID:
                let type = m.integer(0)
                guard type == 4 || type == 6 else {
                    let said = type.map { t in "file type \(t)" + (fileTypeNames[t].map { " (\($0))" } ?? "") } ?? "no file type"
                    throw FITFileReader.failure(m.offset, "\(said): a course is read from a course (6) or an activity (4) file")
                }
            case Global.course:
                if draft.name.isEmpty, let name = m.string(5) { draft.name = name }
            case Global.record:
                // A record without a position (a pause, a lost fix, a sensor-only sample) is no course point.
                guard let latitude = m.integer(0), let longitude = m.integer(1) else { continue }
                draft.points.append(CourseDraft.Point(latitude: degrees(latitude), longitude: degrees(longitude),
                                                      elevation: elevation(enhanced: m.integer(78), plain: m.integer(2))))
            case Global.coursePoint:
                let latitude = m.integer(2), longitude = m.integer(3)
                let hasPosition = latitude != nil && longitude != nil
                let kind = m.integer(5).flatMap { UInt8(exactly: $0) }.map { CourseCueKind.fit($0) } ?? .generic
                draft.cues.append(CourseDraft.Cue(name: m.string(6) ?? "", kind: kind,
                                                  latitude: hasPosition ? latitude.map { degrees($0) } : nil,
                                                  longitude: hasPosition ? longitude.map { degrees($0) } : nil,
                                                  distance: m.integer(4).map { Double($0) / 100 }))
            default:
                break
            }
        }
        if first { throw FITFileReader.failure(reader.offset, "no data messages: a course needs file_id and records") }
        return draft
    }

    static func degrees(_ semicircles: Int64) -> Double { Double(semicircles) * degreesPerSemicircle }

    /// Metres from `enhanced_altitude` (uint32) when the file has it, else `altitude` (uint16):
    /// both are (m + 500) × 5.
    static func elevation(enhanced: Int64?, plain: Int64?) -> Double? {
        (enhanced ?? plain).map { Double($0) / 5 - 500 }
    }
}
