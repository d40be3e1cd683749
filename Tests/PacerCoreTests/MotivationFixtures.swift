import XCTest
@testable import PacerCore

/// Sessions for the motivation tests, placed by local date and time in a fixed-offset zone.
enum MotivationFixtures {
    static func day(_ text: String) -> Int { LocalCalendar.day(parsing: text)! }

    /// A session starting at `time` (HH:MM local) on `date` in a zone `offsetHours` east of UTC.
    static func session(_ id: UInt64, _ date: String, _ time: String = "07:00", km: Double = 5, minutes: Double = 30,
                        activity: Activity = .run, offsetHours: Int = 0, trimp: Double? = nil, best: [Double?] = []) -> SessionFacts {
        let hm = time.split(separator: ":").map { Int($0)! }
        let local = Int64(day(date)) * 86_400 + Int64(hm[0] * 3600 + hm[1] * 60)
        return SessionFacts(id: id, start: (local - Int64(offsetHours * 3600)) * 1000, activity: activity,
                            distanceMeters: km * 1000, movingSeconds: minutes * 60, elapsedSeconds: minutes * 60,
                            trimp: trimp, bestEfforts: best)
    }

    /// Europe/Berlin from the system's zone database (tzdata is in every Debian image).
    static func berlin() throws -> LocalCalendar {
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
        return try TZifParser.calendar(Array(bytes))
    }

    static func settings(_ config: String) throws -> MotivationSettings {
        try PacerConfig(parsing: config, file: "test.conf").motivation
    }
}
