import XCTest
@testable import PacerCore

/// The matcher on courses drawn in metres and ridden at 6 m/s with 3 m of zigzag: progress must
/// stay with the pass being ridden (self-crossings, out and back, two laps), off-course must
/// come once per excursion and back-on-course where the rider rejoined.
final class CourseMatcherTests: XCTestCase {
    typealias S = CourseTestSupport

    /// Progress every second against the distance actually ridden.
    func assertTracks(_ corners: [(Double, Double)], file: StaticString = #filePath, line: UInt = #line) throws -> [(second: Int, event: CourseEvent)] {
        let course = try S.course(corners)
        var matcher = CourseMatcher(course: course)
        var events: [(Int, CourseEvent)] = []
        for (k, p) in S.ride(corners).enumerated() {
            events += matcher.update(latitude: p.latitude, longitude: p.longitude, speed: 6, heading: p.heading,
                                     at: MonotonicInstant(seconds: Double(k))).map { (k, $0) }
            let truth = min(Double(k) * 6, course.length)
            guard let along = matcher.along else { return [] }
            if abs(along - truth) > 15 {
                XCTFail("second \(k): progress \(along) m, ridden \(truth) m", file: file, line: line)
                return events
            }
        }
        XCTAssertTrue(matcher.finished, file: file, line: line)
        XCTAssertEqual(matcher.tally.offCourseCount, 0, file: file, line: line)
        return events
    }

    func testProgressFollowsACourseRiddenAsDrawn() throws {
        let events = try assertTracks([(0, 0), (1000, 0), (1000, 1000)])
        XCTAssertEqual(events.filter { $0.event == .courseFinished }.count, 1)
    }

    func testAnOutAndBackKeepsTheLegBeingRidden() throws {
        _ = try assertTracks([(0, 0), (1500, 0), (0, 0)])
    }

    func testAFigureEightKeepsThePassAtTheCrossing() throws {
        _ = try assertTracks([(0, 0), (1000, 500), (1000, 0), (0, 500), (0, 0)])
    }

    func testTwoLapsOfALoopInOneCourseKeepTheLap() throws {
        let square = [(0.0, 0.0), (500.0, 0.0), (500.0, 500.0), (0.0, 500.0), (0.0, 0.0)]
        _ = try assertTracks(square + square.dropFirst())
    }

    func testALoopRiddenTwiceGoesRoundAgainWithoutLeavingTheCourse() throws {
        let square = [(0.0, 0.0), (500.0, 0.0), (500.0, 500.0), (0.0, 500.0), (0.0, 0.0)]
        let course = try S.course(square)
        XCTAssertTrue(course.isLoop)
        var matcher = CourseMatcher(course: course)
        let events = S.follow(&matcher, S.ride(square + square.dropFirst()))
        XCTAssertEqual(matcher.tally.offCourseCount, 0)
        XCTAssertEqual(events.filter { $0.event == .courseFinished }.count, 1)
        // Near the end of the second lap, progress is near the end of the loop again.
        XCTAssertEqual(try XCTUnwrap(matcher.along), 2000, accuracy: 40)
    }

    func testADetourIsOffCourseOnceAndBackWhereItRejoins() throws {
        let course = try S.course([(0, 0), (3000, 0)])
        var matcher = CourseMatcher(course: course)
        let events = S.follow(&matcher, S.ride([(0, 0), (1000, 0), (1000, 300), (1200, 300), (1200, 0), (3000, 0)]))
        let off = events.filter { if case .offCourse = $0.event { return true } else { return false } }
        let back = events.compactMap { e -> (Int, Double)? in if case let .backOnCourse(along) = e.event { return (e.second, along) } else { return nil } }
        XCTAssertEqual(off.count, 1, "\(events)")
        XCTAssertEqual(back.count, 1, "\(events)")
        // Off: 40 m out plus 5 s of grace at 6 m/s, about 70 m north of the course.
        if case let .offCourse(offset)? = off.first?.event { XCTAssertEqual(offset, 70, accuracy: 12) }
        XCTAssertEqual(back.first?.1 ?? 0, 1200, accuracy: 10)
        XCTAssertTrue(matcher.finished)
        XCTAssertEqual(matcher.tally.offCourseCount, 1)
        // Off from 40 m out on the way up to 20 m out on the way back: (260 + 200 + 280) m at 6 m/s.
        XCTAssertEqual(matcher.tally.offCourseSeconds, 740 / 6, accuracy: 4)
    }

    func testAShortcutMovesProgressToWhereTheRiderRejoins() throws {
        let course = try S.course([(0, 0), (1000, 0), (1000, 1000), (0, 1000)])
        var matcher = CourseMatcher(course: course)
        let events = S.follow(&matcher, S.ride([(0, 0), (500, 0), (1000, 600), (1000, 1000), (0, 1000)]))
        let back = events.compactMap { e -> Double? in if case let .backOnCourse(along) = e.event { return along } else { return nil } }
        XCTAssertEqual(back.count, 1, "\(events)")
        XCTAssertEqual(back.first ?? 0, 1580, accuracy: 30)
        XCTAssertTrue(matcher.finished)
        XCTAssertLessThan(matcher.tally.farthest, course.length + 1)
    }

    func testCuesAreAnnouncedAt200And50MetresAhead() throws {
        let cue = CourseDraft.Cue(name: "Left at the church", kind: .left, latitude: S.point((1000, 0), nil).latitude,
                                  longitude: S.point((1000, 0), nil).longitude)
        let course = try S.course([(0, 0), (1000, 0), (1000, 1000)], cues: [cue])
        XCTAssertEqual(course.cues.count, 1)
        XCTAssertFalse(course.cuesDerived)
        XCTAssertEqual(try XCTUnwrap(course.cues.first).distance, 1000, accuracy: 0.5)
        var matcher = CourseMatcher(course: course)
        let announced = S.follow(&matcher, S.ride([(0, 0), (1000, 0), (1000, 1000)])).compactMap { e -> Double? in
            if case let .coursePoint(c, inMeters) = e.event, c.name == "Left at the church" { return inMeters } else { return nil }
        }
        XCTAssertEqual(announced.count, 2, "\(announced)")
        XCTAssertEqual(announced.first ?? 0, 197, accuracy: 7)
        XCTAssertEqual(announced.last ?? 0, 47, accuracy: 7)
    }

    func testProgressShowsTheNextCueAndTheClimbLeft() throws {
        // Flat 1 km, 2 km at 5 %, flat 2 km.
        let course = try S.course([(0, 0), (5000, 0)], elevation: { d in 400 + min(100, max(0, d - 1000) * 0.05) })
        var matcher = CourseMatcher(course: course)
        let events = S.follow(&matcher, S.ride([(0, 0), (2000, 0)]))
        XCTAssertEqual(events.filter { if case .climbStarted = $0.event { return true } else { return false } }.count, 1)
        let climb = try XCTUnwrap(matcher.progress.climb)
        XCTAssertEqual(climb.toGo, 1000, accuracy: 50)
        XCTAssertEqual(climb.gainToGo, 50, accuracy: 3)
        XCTAssertEqual(climb.grade, 5, accuracy: 0.3)
        XCTAssertEqual(matcher.progress.toGo, 3000, accuracy: 15)
    }

    func testNothingBeforeTheCourseIsFound() throws {
        let course = try S.course([(0, 0), (1000, 0)])
        var matcher = CourseMatcher(course: course)
        let events = S.follow(&matcher, S.ride([(0, 300), (1000, 300)]))
        XCTAssertTrue(events.isEmpty)
        XCTAssertNil(matcher.along)
        XCTAssertEqual(try XCTUnwrap(matcher.progress.offset), 300, accuracy: 5)
        XCTAssertEqual(matcher.update(latitude: .nan, longitude: 8, speed: 5, heading: nil, at: MonotonicInstant(seconds: 999)), [])
    }
}
