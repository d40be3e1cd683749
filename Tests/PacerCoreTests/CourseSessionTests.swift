import XCTest
@testable import PacerCore

/// A course followed by the session recorder, as pacerd and replay both drive it: the events go
/// out on the session's timeline, the journal notes the course and what happened on it, and
/// STATE's course block reads the progress.
final class CourseSessionTests: XCTestCase {
    typealias S = CourseTestSupport
    let t0 = UTCTime(millisecondsSinceEpoch: 1_780_000_000_000)

    func fixes(_ corners: [(Double, Double)], speed: Double = 6) -> [GNSSFix] {
        S.ride(corners, speed: speed, wobble: 0).enumerated().map { k, p in
            GNSSFix(time: t0.adding(milliseconds: Int64(k) * 1000), mode: .threeD, latitude: p.latitude, longitude: p.longitude,
                    altitudeMSL: 400, speed: speed, track: p.heading, hdop: 0.9, satellitesUsed: 9)
        }
    }

    func testADetourGoesOutAsEventsAndIntoTheJournal() throws {
        let course = try S.course([(0, 0), (3000, 0)])
        var replay = SessionReplay(config: PacerConfig(), activity: .ride, notifications: [])
        replay.follow(course)
        var outputs: [RecorderOutput] = []
        var midway: LiveCourse?
        for (k, fix) in fixes([(0, 0), (1000, 0), (1000, 300), (1200, 300), (1200, 0), (3000, 0)]).enumerated() {
            outputs += replay.feed(fix)
            if k == 100 { midway = replay.liveCourse }
        }
        outputs += replay.finish().outputs
        let events = outputs.compactMap { o -> CourseEvent? in if case let .event(.course(_, e)) = o { return e } else { return nil } }
        XCTAssertEqual(events.map(\.type), ["course", "off_course", "back_on_course", "course_finished"])
        let markers = outputs.compactMap { o -> String? in
            if case let .journal(.event(.marker(_, kind, detail))) = o, kind != "split" { return kind + " " + detail } else { return nil }
        }
        // The course marker holds its name, length and outline (JournalCourse), the report's drawing.
        let journaled = JournalCourse(events: outputs.compactMap { o -> JournalEvent? in
            if case let .journal(.event(e)) = o { return e } else { return nil }
        })
        XCTAssertEqual(journaled?.name, "test")
        XCTAssertEqual(journaled?.length ?? 0, 3000, accuracy: 0.1)
        XCTAssertEqual(journaled?.outline.count, 400)
        XCTAssertEqual(journaled?.offCourse.count, 1)
        XCTAssertNotNil(journaled?.offCourse.first?.to)
        XCTAssertTrue(markers.first?.hasPrefix("course {\"name\":\"test\"") == true, "\(markers.first ?? "")")
        XCTAssertEqual(markers.count, 4, "\(markers.count)")
        XCTAssertTrue(markers[2].hasPrefix("back_on_course 12"), "\(markers)")

        // 100 s in at 6 m/s: 600 m along, 2400 m to go, at about 6 m/s moving.
        let live = try XCTUnwrap(midway)
        XCTAssertEqual(live.name, "test")
        XCTAssertEqual(try XCTUnwrap(live.progress.along), 600, accuracy: 15)
        XCTAssertEqual(live.progress.toGo, 2400, accuracy: 15)
        XCTAssertTrue(live.progress.onCourse)
        XCTAssertEqual(try XCTUnwrap(live.eta), 400, accuracy: 30)
        let state = LiveState(json: try JSONValue.parse(Array(Self.state(live).utf8)))
        XCTAssertEqual(state?.course?.progress.along ?? 0, live.progress.along ?? -1, accuracy: 0.06)
        XCTAssertEqual(state?.course?.name, "test")

        // What a person reads: `pacerctl status` and the watch screen's course line, the fields too.
        let text = LiveStateReport(DisplayPreferences()).courseText(live)
        XCTAssertTrue(text.hasPrefix("test: 2.4"), text)
        XCTAssertTrue(text.contains(" km to go · ETA "), text)
        var shown = try XCTUnwrap(state)
        shown.course = live
        let frame = WatchScreen(DisplayPreferences()).frame(shown, events: [], connected: true, width: 100)
        XCTAssertTrue(frame.contains("course  " + text), frame)
        let context = LiveField.Context(state: shown, lastLap: nil, format: MeasurementFormatter(DisplayPreferences()))
        XCTAssertEqual(LiveField.named("to_go")?.value(context), MeasurementFormatter(DisplayPreferences()).distance(live.progress.toGo))
    }

    func testACourseLoadedWhileIdleIsFollowedByTheNextSessionAndClearedByNil() throws {
        let course = try S.course([(0, 0), (600, 0)])
        var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .run))
        let idle = recorder.follow(course, at: InputInstant(recorded: t0))
        XCTAssertFalse(idle.contains { if case .journal = $0 { return true } else { return false } }, "no session to note it in")
        XCTAssertNil(try XCTUnwrap(recorder.liveCourse).progress.along)
        let started = try recorder.command(.start(.run), at: InputInstant(recorded: t0))
        XCTAssertTrue(started.contains { if case let .journal(.event(.marker(_, "course", detail))) = $0 { return detail.hasPrefix("{\"name\":\"test\"") } else { return false } },
                      "the session notes the course it follows")
        recorder.follow(nil, at: InputInstant(recorded: t0.adding(milliseconds: 1000)))
        XCTAssertNil(recorder.liveCourse)
    }

    static func state(_ course: LiveCourse) -> String {
        var state = LiveState(time: nil, gps: LiveGPSState(source: "test"))
        state.course = course
        return String(decoding: state.line, as: UTF8.self)
    }
}
