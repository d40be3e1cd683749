import XCTest
@testable import PacerCore

/// A course is measured and refused as a course file deserves: distances on the ellipsoid,
/// cues in order, turns from the geometry, climbs as ClimbPro ranks them.
final class CourseTests: XCTestCase {
    typealias S = CourseTestSupport

    func testBadTracksAreRefusedWithTheReason() {
        func refusal(_ points: [CourseDraft.Point]) -> String? {
            do { _ = try Course(CourseDraft(format: "GPX", points: points)); return nil } catch { return "\(error)" }
        }
        let here = CourseDraft.Point(latitude: 47, longitude: 8)
        XCTAssertEqual(refusal([here]), "GPX: a course needs at least two points with a position; this one has 1")
        XCTAssertEqual(refusal([here, here, here]), "GPX: all 3 points are at one place: a course needs a length")
        XCTAssertEqual(refusal([here, CourseDraft.Point(latitude: .nan, longitude: 8)]), "GPX: point 2: nan, 8.0 is not a position")
        XCTAssertEqual(refusal([here, CourseDraft.Point(latitude: 91, longitude: 8)]), "GPX: point 2: 91.0, 8.0 is not a position")
        XCTAssertEqual(refusal([CourseDraft.Point(latitude: 47, longitude: 180.5), here]), "GPX: point 1: 47.0, 180.5 is not a position")
    }

    func testDistanceIsEllipsoidalAndAbsurdElevationsLeaveTheProfile() throws {
        let course = try Course(CourseDraft(format: "GPX", points: [
            CourseDraft.Point(latitude: 47, longitude: 8, elevation: 400), CourseDraft.Point(latitude: 47.01, longitude: 8, elevation: 1e9),
            CourseDraft.Point(latitude: 47.02, longitude: 8, elevation: .nan)]))
        XCTAssertEqual(course.length, Geodesy.distance(latitude1: 47, longitude1: 8, latitude2: 47.02, longitude2: 8), accuracy: 1e-6)
        XCTAssertEqual(course.points.map { $0.elevation }, [400, nil, nil])
        XCTAssertNil(course.profile, "one elevation is no profile")
    }

    func testTurnsComeFromTheGeometryWhenTheFileHasNoCues() throws {
        // Anticlockwise round a 500 m square: three lefts at the corners, nothing on the straights.
        let course = try S.course([(0, 0), (500, 0), (500, 500), (0, 500), (0, 0)], spacing: 3)
        XCTAssertTrue(course.cuesDerived)
        XCTAssertEqual(course.cues.map(\.kind), [.left, .left, .left])
        for (cue, corner) in zip(course.cues, [500.0, 1000, 1500]) { XCTAssertEqual(cue.distance, corner, accuracy: 4) }
        // A hairpin is a U-turn, a right angle to the right a right.
        let hairpin = try S.course([(0, 0), (300, 0), (300, 300), (320, 0), (320, -300)])
        XCTAssertEqual(hairpin.cues.map(\.kind), [.left, .uTurn])
        let zigzag = try S.course([(0, 0), (300, 0), (300, -300)])
        XCTAssertEqual(zigzag.cues.map(\.kind), [.right])
    }

    func testCuesOnACourseThatPassesAPlaceTwiceAreEachAtTheirPass() throws {
        // Out and back: the same two places, each named on the way out and on the way back.
        let out = S.point((400, 0), nil), turn = S.point((1000, 0), nil)
        let cues = [CourseDraft.Cue(name: "bakery out", kind: .food, latitude: out.latitude, longitude: out.longitude),
                    CourseDraft.Cue(name: "turn", kind: .uTurn, latitude: turn.latitude, longitude: turn.longitude),
                    CourseDraft.Cue(name: "bakery back", kind: .food, latitude: out.latitude, longitude: out.longitude),
                    CourseDraft.Cue(name: "far away", kind: .danger, latitude: 10, longitude: 10),
                    CourseDraft.Cue(name: "by distance", kind: .water, distance: 1900)]
        let course = try S.course([(0, 0), (1000, 0), (0, 0)], cues: cues)
        XCTAssertEqual(course.cues.map(\.name), ["bakery out", "turn", "bakery back", "by distance"])
        for (cue, along) in zip(course.cues, [400.0, 1000, 1600, 1900]) { XCTAssertEqual(cue.distance, along, accuracy: 1, cue.name) }
        XCTAssertEqual(course.cuesLeftOut, 1)
    }

    func testClimbsAreThoseClimbProRanks() throws {
        func climbs(_ profile: @escaping (Double) -> Double, length: Double = 6000) throws -> [CourseClimb] {
            try S.course([(0, 0), (length, 0)], elevation: profile).climbs
        }
        // 2 km at 5 % after 1 km of flat: one climb, flat trimmed off.
        let one = try climbs { d in 400 + min(100, max(0, d - 1000) * 0.05) }
        XCTAssertEqual(one.count, 1)
        let c = try XCTUnwrap(one.first)
        // The profile is smoothed over 100 m: the foot and the top are found within a few tens of metres.
        XCTAssertEqual(c.start, 1000, accuracy: 40)
        XCTAssertEqual(c.length, 2000, accuracy: 80)
        XCTAssertEqual(c.gain, 100, accuracy: 6)
        XCTAssertEqual(c.averageGrade, 5, accuracy: 0.3)
        XCTAssertEqual(c.steepestGrade, 5, accuracy: 0.3)
        // Too short (400 m at 8 %) and too flat (3 km at 2 %) are no climbs; 600 m at 3.5 % (score 2100) is one.
        XCTAssertEqual(try climbs { d in 400 + min(32, max(0, d - 1000) * 0.08) }.count, 0)
        XCTAssertEqual(try climbs { d in 400 + min(60, max(0, d - 1000) * 0.02) }.count, 0)
        XCTAssertEqual(try climbs { d in 400 + min(21, max(0, d - 1000) * 0.035) }.count, 1)
        // A 3 m dip between two kilometres at 5 % is one climb; a 30 m descent makes two.
        func twoRamps(dip: Double) -> (Double) -> Double {
            { d in
                if d < 1000 { return 400 }
                if d < 2000 { return 400 + (d - 1000) * 0.05 }
                if d < 2300 { return 450 - (d - 2000) / 300 * dip }
                if d < 3300 { return 450 - dip + (d - 2300) * 0.05 }
                return 500 - dip
            }
        }
        XCTAssertEqual(try climbs(twoRamps(dip: 3)).count, 1)
        XCTAssertEqual(try climbs(twoRamps(dip: 30)).count, 2)
    }

    /// A trainer's simulation feels the grade everywhere, not only on the climbs: 3 km at 2 % is
    /// no climb, yet its grade is 2 %, and 0 % on the flat before it.
    func testTheGradeUnderTheRiderOnAndBetweenClimbs() throws {
        let course = try S.course([(0, 0), (6000, 0)], elevation: { d in 400 + min(60, max(0, d - 1000) * 0.02) })
        XCTAssertTrue(course.climbs.isEmpty)
        let profile = try XCTUnwrap(course.profile)
        XCTAssertEqual(profile.grade(at: 500), 0, accuracy: 0.01)
        XCTAssertEqual(profile.grade(at: 2500), 2, accuracy: 0.02)
        XCTAssertEqual(profile.grade(at: 5000), 0, accuracy: 0.01)
        XCTAssertEqual(profile.grade(at: -50), 0, accuracy: 0.01, "beyond the ends: the end's grade")
    }

    func testGPSNoiseOnAFlatCourseMakesNoClimbAndLittleAscent() throws {
        // ±4 m of altitude noise every 10 m on a flat road: a recorded track used as a course.
        var seed: UInt64 = 42
        func noise() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * 8 - 4
        }
        var elevations: [Double] = []
        for _ in 0..<1001 { elevations.append(400 + noise()) }
        let course = try S.course([(0, 0), (10000, 0)], elevation: { d in elevations[min(1000, max(0, (d / 10).roundedInt() ?? 0))] })
        XCTAssertTrue(course.climbs.isEmpty)
        XCTAssertLessThan(try XCTUnwrap(course.profile).ascent, 40)
    }
}
