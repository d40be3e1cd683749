import Foundation
import XCTest
@testable import PacerCore

/// FIT course files (issue 43): files written here with the project's FIT writer and byte by byte
/// (strings, big-endian definitions, compressed timestamps, developer fields), Garmin's own
/// activity files of ../shared/corpus/tracks checked against the records fitparse decoded from
/// them, and every kind of broken file: each is read or refused with the byte it broke at,
/// never a trap.
final class FITCourseReaderTests: XCTestCase {
    /// Semicircles per degree, and the largest error a position read back may have (half a semicircle).
    static let perDegree = 2_147_483_648.0 / 180
    static let halfSemicircle = 0.5 / perDegree + 1e-12

    static func semicircles(_ degrees: Double) -> Int64 { FITMessageWriter.scaled(degrees, perDegree)! }
    static func altitude(_ metres: Double) -> Int64 { FITMessageWriter.scaled(metres, 5, offset: 500)! }

    // MARK: - A course file from the project's writer

    /// The numeric part of a course: file_id type 6, records (positions, altitude and
    /// enhanced_altitude in every combination, some without a position) and course points,
    /// written by `FITMessageWriter`; and the draft it must read as.
    static func writerCourse(fileType: Int64 = 6) -> (writer: FITMessageWriter, expected: CourseDraft) {
        var w = FITMessageWriter()
        w.define(local: 0, global: 0, fields: [(0, .enumeration), (1, .uint16), (2, .uint16), (3, .uint32z), (4, .uint32)])
        w.data(local: 0, [fileType, 255, 1, 1, 1_000_000_000])
        w.define(local: 1, global: 20, fields: [(253, .uint32), (0, .sint32), (1, .sint32), (5, .uint32), (2, .uint16), (78, .uint32)])
        // (lat, lon, altitude, enhanced_altitude)
        let records: [(Double?, Double?, Double?, Double?)] = [
            (47.376_9, 8.541_7, 408.0, 408.4),     // both altitudes: the enhanced one
            (47.377_5, 8.543_0, 410.2, nil),       // altitude only
            (nil, nil, 411.0, 411.0),               // no position: skipped
            (47.378_1, 8.544_8, nil, nil),          // no elevation
            (47.379_0, 8.546_1, nil, -12.6),        // enhanced only, below the sea
            (47.379_5, nil, 420, nil),              // half a position: skipped
            (-33.868_8, -151.209_3, 3.0, nil),      // south and west
        ]
        var expected = CourseDraft(format: "FIT")
        for (k, r) in records.enumerated() {
            w.data(local: 1, [1_000_000_000 + Int64(k), r.0.map { semicircles($0) }, r.1.map { semicircles($0) }, Int64(k * 1000),
                              r.2.map { altitude($0) }, r.3.map { altitude($0) }])
            if let lat = r.0, let lon = r.1 { expected.points.append(.init(latitude: lat, longitude: lon, elevation: r.3 ?? r.2)) }
        }
        w.define(local: 2, global: 32, fields: [(253, .uint32), (2, .sint32), (3, .sint32), (4, .uint32), (5, .enumeration)])
        // (lat, lon, distance m, type)
        let cues: [(Double?, Double?, Double?, Int64?, CourseCueKind)] = [
            (47.376_9, 8.541_7, 0, 6, .left),
            (47.377_5, 8.543_0, 152.37, 7, .right),
            (nil, nil, 300.5, 1, CourseCueKind.fit(1)),                 // summit, no position
            (47.378_1, 8.544_8, nil, 3, CourseCueKind.fit(3)),          // water, no distance
            (47.379_0, 8.546_1, 400, 23, .uTurn),
            (47.379_0, 8.546_1, 410, 200, .generic),                    // a type the profile has not
            (47.379_0, 8.546_1, 420, nil, .generic),                    // no type
        ]
        for c in cues {
            w.data(local: 2, [1_000_000_100, c.0.map { semicircles($0) }, c.1.map { semicircles($0) }, FITMessageWriter.scaled(c.2, 100), c.3])
            expected.cues.append(.init(name: "", kind: c.4, latitude: c.0, longitude: c.1, distance: c.2))
        }
        return (w, expected)
    }

    func testACourseTheWriterWroteReadsBack() throws {
        let (w, expected) = Self.writerCourse()
        let draft = try FITCourseReader.read(w.file())
        assertDraft(draft, expected)
        XCTAssertEqual(draft.points.count, 5)
        XCTAssertEqual(draft.points[0].elevation ?? 0, 408.4, accuracy: 1e-9)
        XCTAssertEqual(draft.points[4].latitude, -33.868_8, accuracy: Self.halfSemicircle)
        XCTAssertEqual(draft.cues.map(\.kind.name), ["left", "right", "summit", "water", "u_turn", "generic", "generic"])
        XCTAssertEqual(draft.cues[1].distance, 152.37)
    }

    /// The writer's records with messages it cannot write (a course name, named course points,
    /// an empty and a full 16-byte name) after them, in one file.
    func testACourseWithItsNameAndNamedCuesReadsBack() throws {
        let course = Self.writerCourse()
        var expected = course.expected
        var b = FITBytes()
        b.define(local: 3, global: 31, [(4, 1, FITBytes.enumeration), (5, 16, FITBytes.string)])
        b.data(local: 3, [2, "Zürich loop"])
        b.define(local: 4, global: 32, [(2, 4, FITBytes.sint32), (3, 4, FITBytes.sint32), (4, 4, FITBytes.uint32),
                                         (5, 1, FITBytes.enumeration), (6, 16, FITBytes.string)])
        let named: [(String, Int64, CourseCueKind)] = [("Turn left", 6, .left), ("Café", 4, CourseCueKind.fit(4)),
                                                       ("", 8, .straight), ("Sixteen bytes!!!", 14, CourseCueKind.fit(14))]
        for (k, c) in named.enumerated() {
            let lat = 47.38 + Double(k) / 1000
            b.data(local: 4, [.int(Self.semicircles(lat)), .int(Self.semicircles(8.55)), .int(Int64(50_000 + k)), .int(c.1), .text(c.0)])
            expected.cues.append(.init(name: c.0, kind: c.2, latitude: lat, longitude: 8.55, distance: Double(50_000 + k) / 100))
        }
        expected.name = "Zürich loop"
        let draft = try FITCourseReader.read(FITBytes.file(course.writer.records.bytes + b.records))
        assertDraft(draft, expected)
        XCTAssertEqual(draft.name, "Zürich loop")
        XCTAssertEqual(draft.cues.suffix(4).map(\.name), ["Turn left", "Café", "", "Sixteen bytes!!!"])
        XCTAssertEqual(draft.cues.last?.kind.name, "hors_category")
    }

    /// The test's byte writer writes what `FITMessageWriter` writes, so the files it builds for
    /// the other tests are FIT as the project writes it.
    func testTheTestsByteWriterAgreesWithTheProjectsWriter() {
        var w = FITMessageWriter()
        w.define(local: 1, global: 20, fields: [(253, .uint32), (0, .sint32), (2, .uint16), (3, .uint8)])
        w.data(local: 1, [1_000_000_000, -536_870_912, nil, 140])
        var b = FITBytes()
        b.define(local: 1, global: 20, [(253, 4, FITBytes.uint32), (0, 4, FITBytes.sint32), (2, 2, FITBytes.uint16), (3, 1, FITBytes.uint8)])
        b.data(local: 1, [1_000_000_000, -536_870_912, 0xFFFF, 140])
        XCTAssertEqual(b.records, w.records.bytes)
        XCTAssertEqual(FITBytes.file(b.records), w.file())
    }

    /// Pacer's own activity export, followed as a course: its positions and elevations come back.
    func testAnActivityPacerExportedReadsAsACourse() throws {
        let t0 = UTCTime(millisecondsSinceEpoch: 1_772_348_400_000)
        var samples: [SessionSample] = []
        for k in 0..<30 {
            let time = UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(k) * 1000)
            let fix = k != 10   // one sample without a fix
            samples.append(SessionSample(time: time, latitude: fix ? 52.5 + Double(k) * 1e-4 : nil, longitude: fix ? 13.4 - Double(k) * 1e-4 : nil,
                                         altitudeMSL: k == 20 ? nil : 34 + Double(k) / 10, distanceMeters: Double(k) * 11))
        }
        let summary = SessionSummary(activity: .ride, start: t0, end: samples.last?.time, elapsedSeconds: 29)
        let draft = try FITCourseReader.read(FITWriter.write(ExportSession(summary: summary, samples: samples)))
        let fixed = samples.filter { $0.latitude != nil }
        XCTAssertEqual(draft.points.count, 29)
        XCTAssertEqual(draft.name, "")
        XCTAssertEqual(draft.cues, [])
        for (p, s) in zip(draft.points, fixed) {
            XCTAssertEqual(p.latitude, s.latitude!, accuracy: Self.halfSemicircle)
            XCTAssertEqual(p.longitude, s.longitude!, accuracy: Self.halfSemicircle)
            if let a = s.altitudeMSL { XCTAssertEqual(p.elevation ?? .nan, a, accuracy: 0.1 + 1e-9) } else { XCTAssertNil(p.elevation) }
        }
    }

    // MARK: - What the protocol allows beside the writer's files

    func testBigEndianDefinitionsReadAsLittleEndianOnes() throws {
        for bigEndianRecords in [true, false] {
            var b = FITBytes()
            b.define(local: 0, global: 0, bigEndian: true, [(4, 4, FITBytes.uint32), (0, 1, FITBytes.enumeration)])
            b.data(local: 0, [1_000_000_000, 6])
            b.define(local: 5, global: 31, bigEndian: true, [(5, 12, FITBytes.string)])
            b.data(local: 5, ["Big end"])
            b.define(local: 1, global: 20, bigEndian: bigEndianRecords,
                     [(0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32), (2, 2, FITBytes.uint16), (78, 4, FITBytes.uint32)])
            b.data(local: 1, [.int(Self.semicircles(-41.2865)), .int(Self.semicircles(174.7762)), .int(Self.altitude(12.2)), .int(0xFFFF_FFFF)])
            b.data(local: 1, [.int(Self.semicircles(-41.2870)), .int(Self.semicircles(-0.0001)), .int(0xFFFF), .int(Self.altitude(1234.6))])
            b.define(local: 2, global: 32, bigEndian: true,
                     [(2, 4, FITBytes.sint32), (3, 4, FITBytes.sint32), (4, 4, FITBytes.uint32), (5, 1, FITBytes.enumeration), (6, 8, FITBytes.string)])
            b.data(local: 2, [.int(Self.semicircles(-41.2868)), .int(Self.semicircles(174.7765)), .int(70_000), .int(22), "Harbour"])
            let expected = CourseDraft(format: "FIT", name: "Big end", points: [
                .init(latitude: -41.2865, longitude: 174.7762, elevation: 12.2),
                .init(latitude: -41.2870, longitude: -0.0001, elevation: 1234.6),
            ], cues: [.init(name: "Harbour", kind: .sharpRight, latitude: -41.2868, longitude: 174.7765, distance: 700)])
            assertDraft(try FITCourseReader.read(FITBytes.file(b.records)), expected)
        }
    }

    /// Integer fields of every width and sign, in both byte orders, with their invalid values;
    /// arrays and strings are not one integer.
    func testFieldsOfEveryBaseTypeInBothByteOrders() throws {
        for bigEndian in [false, true] {
            var b = FITBytes()
            b.define(local: 0, global: 0, bigEndian: bigEndian, [(0, 1, FITBytes.enumeration)])
            b.data(local: 0, [6])
            b.define(local: 7, global: 65_280, bigEndian: bigEndian, [
                (0, 1, 0x01), (1, 2, 0x83), (2, 4, 0x85), (3, 8, 0x8E), (4, 8, 0x8F), (5, 1, 0x0A), (6, 2, 0x8B),
                (7, 8, 0x86), (8, 4, 0x07), (9, 3, 0x0D), (10, 2, 0x84), (11, 1, 0x01), (12, 8, 0x8F), (13, 3, 0x84),
            ])
            b.data(local: 7, [-5, -300, -2_000_000_000, .int(-5_000_000_000_000), .int(-2), 0, 513,
                              .raw([1, 2, 3, 4, 5, 6, 7, 8]), "abcd", .raw([9, 8, 7]), 0xFFFF, 0x7F, 42, .raw([1, 2, 3])])
            var reader = try FITFileReader(FITBytes.file(b.records))
            _ = try reader.next()
            let m = try XCTUnwrap(try reader.next())
            XCTAssertEqual(m.global, 65_280)
            XCTAssertEqual(m.integer(0), -5)
            XCTAssertEqual(m.integer(1), -300)
            XCTAssertEqual(m.integer(2), -2_000_000_000)
            XCTAssertEqual(m.integer(3), -5_000_000_000_000)
            XCTAssertNil(m.integer(4), "uint64 0xFF..FE is past Int64")
            XCTAssertNil(m.integer(5), "uint8z 0 is invalid")
            XCTAssertEqual(m.integer(6), 513)
            XCTAssertNil(m.integer(7), "an array of two uint32 is not one integer")
            XCTAssertEqual(m.rawBytes(7).map(Array.init), [1, 2, 3, 4, 5, 6, 7, 8])
            XCTAssertNil(m.integer(8))
            XCTAssertEqual(m.string(8), "abcd", "a string filling its field has no NUL")
            XCTAssertEqual(m.rawBytes(9).map(Array.init), [9, 8, 7])
            XCTAssertNil(m.integer(10), "uint16 0xFFFF is invalid")
            XCTAssertNil(m.integer(11), "sint8 0x7F is invalid")
            XCTAssertEqual(m.integer(12), 42)
            XCTAssertNil(m.integer(13), "3 bytes are no uint16")
            XCTAssertNil(m.integer(99))
            XCTAssertNil(m.string(2))
            XCTAssertNil(try reader.next())
        }
    }

    /// Compressed timestamp headers: the time offset counts from the last full timestamp and
    /// rolls over every 32 s; the records they carry are read as any other.
    func testCompressedTimestampHeaders() throws {
        var b = FITBytes()
        b.define(local: 0, global: 0, [(0, 1, FITBytes.enumeration)])
        b.data(local: 0, [4])
        b.define(local: 3, global: 21, [(253, 4, FITBytes.uint32)])
        b.data(local: 3, [1000])   // an event at 1000 = 0x3E8: low five bits 8
        b.define(local: 1, global: 20, [(0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32), (2, 2, FITBytes.uint16)])
        let offsets: [UInt8] = [10, 31, 3, 3, 0]
        for (k, offset) in offsets.enumerated() {
            b.data(local: 1, timeOffset: offset, [.int(Self.semicircles(10 + Double(k) / 100)), .int(Self.semicircles(20)), .int(Self.altitude(Double(k)))])
        }
        b.define(local: 2, global: 20, [(253, 4, FITBytes.uint32), (0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32)])
        b.data(local: 2, [5000, .int(Self.semicircles(11)), .int(Self.semicircles(21))])   // 5000 = 0x1388: low bits 8
        b.data(local: 1, timeOffset: 7, [.int(Self.semicircles(12)), .int(Self.semicircles(22)), 0xFFFF])
        let file = FITBytes.file(b.records)

        var reader = try FITFileReader(file)
        var times: [UInt32?] = []
        while let m = try reader.next() { times.append(m.timestamp) }
        // file_id (no time), the event, 1002, 1023, 1027 (rolled over), 1027 (same offset: same time),
        // 1056 (0 < 3: rolled over), the full record, 5031 (7 < 8: rolled over).
        XCTAssertEqual(times, [nil, 1000, 1002, 1023, 1027, 1027, 1056, 5000, 5031])

        let draft = try FITCourseReader.read(file)
        XCTAssertEqual(draft.points.count, 7)
        XCTAssertEqual(draft.points[3].latitude, 10.03, accuracy: Self.halfSemicircle)
        XCTAssertEqual(draft.points[3].elevation ?? .nan, 3, accuracy: 1e-9)
        XCTAssertEqual(draft.points[6].longitude, 22, accuracy: Self.halfSemicircle)
        XCTAssertNil(draft.points[6].elevation)
    }

    func testACompressedHeaderBeforeAnyTimestampHasNoTime() throws {
        var b = FITBytes()
        b.define(local: 0, global: 0, [(0, 1, FITBytes.enumeration)])
        b.data(local: 0, timeOffset: 5, [6])
        var reader = try FITFileReader(FITBytes.file(b.records))
        let m = try XCTUnwrap(try reader.next())
        XCTAssertNil(m.timestamp)
        XCTAssertEqual(m.integer(0), 6)
    }

    /// Developer fields are skipped by their size, whatever they hold.
    func testDeveloperFieldsAreSkipped() throws {
        var b = FITBytes()
        b.define(local: 0, global: 0, [(0, 1, FITBytes.enumeration)])
        b.data(local: 0, [6])
        b.define(local: 1, global: 20, [(0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32)], developer: [(0, 3, 0), (1, 5, 1), (7, 255, 0)])
        b.data(local: 1, [.int(Self.semicircles(1)), .int(Self.semicircles(2))],
               developer: [[0x40, 0x41, 0x42], [0xFF, 0, 0x4F, 0x01, 0x02], [UInt8](repeating: 0x41, count: 255)])
        b.data(local: 1, [.int(Self.semicircles(3)), .int(Self.semicircles(4))],
               developer: [[1, 2, 3], [4, 5, 6, 7, 8], [UInt8](repeating: 0x43, count: 255)])
        let draft = try FITCourseReader.read(FITBytes.file(b.records))
        XCTAssertEqual(draft.points.count, 2)
        XCTAssertEqual(draft.points[1].latitude, 3, accuracy: Self.halfSemicircle)
        XCTAssertEqual(draft.points[1].longitude, 4, accuracy: Self.halfSemicircle)
    }

    /// A 12-byte header (no CRC), a 14-byte one whose CRC is 0 ("not computed"), and two files
    /// chained one after the other.
    func testHeadersWithoutCRCAndChainedFiles() throws {
        let (w, expected) = Self.writerCourse()
        for file in [FITBytes.file(w.records.bytes, headerSize: 12), FITBytes.file(w.records.bytes, headerCRC: false)] {
            assertDraft(try FITCourseReader.read(file), expected)
        }
        var b = FITBytes()
        b.define(local: 1, global: 0, [(0, 1, FITBytes.enumeration)])   // a local type the first file used otherwise
        b.data(local: 1, [4])
        b.define(local: 0, global: 20, [(0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32)])
        b.data(local: 0, [.int(Self.semicircles(5)), .int(Self.semicircles(6))])
        let chained = try FITCourseReader.read(w.file() + FITBytes.file(b.records, headerSize: 12))
        XCTAssertEqual(chained.points.count, expected.points.count + 1)
        XCTAssertEqual(chained.points.last?.latitude ?? .nan, 5, accuracy: Self.halfSemicircle)
    }

    // MARK: - Real activity files

    /// The Garmin fēnix 5 files of the corpus, read as courses: every record's position and
    /// altitude as the `-records.csv` beside each file gives them (fitparse's decoding, in
    /// semicircles and metres).
    func testGarminActivitiesReadAsCourses() throws {
        for (sport, count) in [("bike", 19), ("run", 21), ("walk", 17)] {
            let stem = "tracks/fitparse_garmin-fenix-5-\(sport)"
            let draft = try FITCourseReader.read(try corpusBytes(stem + ".fit"))
            let rows = try Self.csvRows(String(decoding: try corpusBytes(stem + "-records.csv"), as: UTF8.self))
            let located = rows.filter { !($0["position_lat"] ?? "").isEmpty }
            XCTAssertEqual(located.count, count, sport)
            XCTAssertEqual(draft.points.count, located.count, sport)
            XCTAssertEqual(draft.format, "FIT")
            XCTAssertEqual(draft.name, "", "an activity has no course name")
            XCTAssertEqual(draft.cues, [], "an activity has no course points")
            for (k, (p, row)) in zip(draft.points, located).enumerated() {
                let lat = try XCTUnwrap(Int64(row["position_lat"] ?? "")), lon = try XCTUnwrap(Int64(row["position_long"] ?? ""))
                let alt = try XCTUnwrap(Double(row["altitude"] ?? ""))
                XCTAssertEqual(p.latitude, Double(lat) / Self.perDegree, accuracy: 1e-12, "\(sport) point \(k)")
                XCTAssertEqual(p.longitude, Double(lon) / Self.perDegree, accuracy: 1e-12, "\(sport) point \(k)")
                XCTAssertEqual(p.elevation ?? .nan, alt, accuracy: 1e-9, "\(sport) point \(k)")
            }
            if sport == "bike" {
                XCTAssertEqual(draft.points.first?.latitude ?? .nan, 37.411_159_6, accuracy: 1e-7)
                XCTAssertEqual(draft.points.first?.longitude ?? .nan, -122.069_067_4, accuracy: 1e-7)
                XCTAssertEqual(draft.points.last?.latitude ?? .nan, Double(446_381_573) / Self.perDegree, accuracy: 1e-12)
                XCTAssertEqual(draft.points.last?.longitude ?? .nan, Double(-1_456_338_223) / Self.perDegree, accuracy: 1e-12)
                XCTAssertEqual(draft.points.last?.elevation ?? .nan, -4.6, accuracy: 1e-9)
            }
        }
    }

    /// The CSV's rows as column name → text.
    static func csvRows(_ text: String) throws -> [[String: String]] {
        var lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard !lines.isEmpty else { throw XCTSkip("empty CSV") }
        let header = lines.removeFirst()
        return lines.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    // MARK: - Bad input

    /// A small course: file_id, name, two records and a named course point.
    static func smallCourse() -> FITBytes {
        var b = FITBytes()
        b.define(local: 0, global: 0, [(0, 1, FITBytes.enumeration), (4, 4, FITBytes.uint32)])
        b.data(local: 0, [6, 1000])
        b.define(local: 3, global: 31, [(5, 8, FITBytes.string)])
        b.data(local: 3, ["Ridge"])
        b.define(local: 1, global: 20, [(253, 4, FITBytes.uint32), (0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32), (2, 2, FITBytes.uint16)],
                 developer: [(0, 2, 0)])
        b.data(local: 1, [1001, .int(semicircles(46.5)), .int(semicircles(7.5)), .int(altitude(1500))], developer: [[1, 2]])
        b.data(local: 1, timeOffset: 12, [1001, .int(semicircles(46.51)), .int(semicircles(7.51)), .int(altitude(1520))], developer: [[3, 4]])
        b.define(local: 2, global: 32, bigEndian: true, [(2, 4, FITBytes.sint32), (3, 4, FITBytes.sint32), (4, 4, FITBytes.uint32), (5, 1, FITBytes.enumeration), (6, 6, FITBytes.string)])
        b.data(local: 2, [.int(semicircles(46.51)), .int(semicircles(7.51)), 140_000, 1, "Top"])
        return b
    }

    func testTheSmallCourseReads() throws {
        assertDraft(try FITCourseReader.read(FITBytes.file(Self.smallCourse().records)), CourseDraft(format: "FIT", name: "Ridge", points: [
            .init(latitude: 46.5, longitude: 7.5, elevation: 1500), .init(latitude: 46.51, longitude: 7.51, elevation: 1520),
        ], cues: [.init(name: "Top", kind: CourseCueKind.fit(1), latitude: 46.51, longitude: 7.51, distance: 1400)]))
    }

    /// Every prefix of the file is refused (its header says more data than there is), and the
    /// data cut at every byte, with the header and CRC made to agree, is read or refused at a
    /// byte, never a trap; cut at a message's end it reads as the messages before it.
    func testEveryTruncationIsRefusedOrReadNeverATrap() throws {
        let records = Self.smallCourse().records
        let file = FITBytes.file(records)
        for n in 0..<file.count {
            XCTAssertThrowsError(try FITCourseReader.read(Array(file[..<n])), "prefix of \(n) bytes") { error in
                XCTAssertTrue("\(error)".hasPrefix("FIT: byte "), "\(error)")
            }
        }
        var read = 0, refused = 0, pointsSeen: [Int] = []
        for n in 0...records.count {
            do {
                let draft = try FITCourseReader.read(FITBytes.file(Array(records[..<n])))
                read += 1
                pointsSeen.append(draft.points.count)
            } catch let error as CourseError {
                refused += 1
                XCTAssertTrue(error.message.hasPrefix("FIT: byte "), error.message)
            }
        }
        // Message ends: after file_id's data, course's definition and data, records' definition, 2 records, course_point's definition and data.
        XCTAssertEqual(read, 8)
        XCTAssertEqual(pointsSeen, [0, 0, 0, 0, 1, 2, 2, 2])
        XCTAssertEqual(refused, records.count + 1 - read)
    }

    /// Every byte of the data changed to a few values, the CRC made to agree: read or refused at a byte.
    func testEveryCorruptedByteIsRefusedOrReadNeverATrap() throws {
        let records = Self.smallCourse().records
        var outcomes: [String: Int] = [:]
        for k in records.indices {
            for value in Set([0, 0xFF, records[k] ^ 0x80, records[k] &+ 1, 0x40, 0x87]) {
                var broken = records
                broken[k] = value
                do {
                    _ = try FITCourseReader.read(FITBytes.file(broken))
                    outcomes["read", default: 0] += 1
                } catch let error as CourseError {
                    XCTAssertTrue(error.message.hasPrefix("FIT: byte "), error.message)
                    outcomes[String(error.message.split(separator: ":").dropFirst(2).first ?? "").trimmingCharacters(in: .whitespaces)
                        .split(separator: " ").prefix(3).joined(separator: " "), default: 0] += 1
                }
            }
        }
        XCTAssertGreaterThan(outcomes["read"] ?? 0, 100)
        XCTAssertGreaterThan(outcomes.count, 5, "\(outcomes)")
    }

    func testABadFileCRCIsRefused() throws {
        var file = FITBytes.file(Self.smallCourse().records)
        let end = file.count - 2
        let good = try FITCourseReader.read(file)
        file[30] ^= 0x01
        assertRefused(file, "FIT: byte \(end): file CRC \(Self.hex(file, end)) does not match the data's \(Self.crc(file[..<end]))")
        file[30] ^= 0x01
        XCTAssertEqual(try FITCourseReader.read(file), good)
        file[end + 1] ^= 0x10
        assertRefused(file, "FIT: byte \(end): file CRC \(Self.hex(file, end)) does not match the data's \(Self.crc(file[..<end]))")
    }

    func testABadHeaderCRCIsRefused() {
        var file = FITBytes.file(Self.smallCourse().records)
        file[3] ^= 0x01   // the profile version: covered by the header CRC (and the file CRC, made to agree)
        let records = Array(file[14..<(file.count - 2)])
        var resealed = Array(file[..<14]) + records
        let c = FITMessageWriter.crc(resealed)
        resealed += [UInt8(c & 0xFF), UInt8(c >> 8)]
        assertRefused(resealed, "FIT: byte 12: header CRC \(Self.hex(resealed, 12)) does not match the header's \(Self.crc(resealed[..<12]))")
    }

    func testTheHeaderIsChecked() {
        let good = FITBytes.file(Self.smallCourse().records)
        assertRefused([], "FIT: byte 0: 0 bytes are too few for a FIT header (12 or 14 bytes)")
        assertRefused(Array(good[..<11]), "FIT: byte 0: 11 bytes are too few for a FIT header (12 or 14 bytes)")
        var notFIT = good
        notFIT[9] = UInt8(ascii: "X")
        assertRefused(notFIT, "FIT: byte 8: no \".FIT\" signature: not a FIT file")
        var small = good
        small[0] = 11
        assertRefused(small, "FIT: byte 0: header size 11 is below FIT's 12 bytes")
        var huge = Array(good[..<20])
        huge[0] = 200
        assertRefused(huge, "FIT: byte 0: header size 200 runs past the file's end (20 bytes)")
        // A data size past the file's end (the 4-byte size is at byte 4).
        var long = good
        long[4] &+= 1
        assertRefused(long, "FIT: byte 4: data size \(good.count - 15) runs past the file's end (\(good.count) bytes, 14-byte header and 2-byte CRC)")
        long[4] = 0xFF; long[5] = 0xFF; long[6] = 0xFF; long[7] = 0xFF
        assertRefused(long, "FIT: byte 4: data size 4294967295 runs past the file's end (\(good.count) bytes, 14-byte header and 2-byte CRC)")
        // Bytes after the CRC that are no FIT file.
        assertRefused(good + [0, 0, 0], "FIT: byte \(good.count): 3 bytes are too few for a FIT header (12 or 14 bytes)")
    }

    func testADataMessageForAnUndefinedLocalTypeIsRefused() {
        var b = FITBytes()
        b.define(local: 0, global: 0, [(0, 1, FITBytes.enumeration)])
        b.data(local: 0, [6])
        let at = 14 + b.records.count
        b.records += [0x03, 1, 2, 3, 4]
        assertRefused(FITBytes.file(b.records), "FIT: byte \(at): data message for undefined local type 3")
        // A compressed header names local types 0...3 too.
        b.records.removeLast(5)
        b.records += [0x80 | 2 << 5 | 7, 1, 2]
        assertRefused(FITBytes.file(b.records), "FIT: byte \(at): data message for undefined local type 2")
    }

    func testAbsurdDefinitionsAreRefused() {
        var b = FITBytes()
        b.define(local: 0, global: 0, [(0, 1, FITBytes.enumeration)])
        b.data(local: 0, [6])
        let at = 14 + b.records.count
        func refused(_ tail: [UInt8], _ message: String, line: UInt = #line) {
            assertRefused(FITBytes.file(b.records + tail), message, line: line)
        }
        // Field 0 of size 0.
        refused([0x41, 0, 0, 20, 0, 1, 0, 0, 0x85], "FIT: byte \(at + 7): field 0 of global message 20 has size 0")
        // An unknown base type.
        refused([0x41, 0, 0, 20, 0, 1, 0, 4, 0x1F], "FIT: byte \(at + 8): field 0 of global message 20 has unknown base type 0x1F")
        // Architecture 2.
        refused([0x41, 0, 2, 20, 0, 1, 0, 4, 0x85], "FIT: byte \(at + 2): architecture 2 is neither 0 (little endian) nor 1 (big endian)")
        // 255 fields of which the data holds 1.
        refused([0x41, 0, 0, 20, 0, 255, 0, 4, 0x85], "FIT: byte \(at): definition message of 255 fields runs past the data's end at byte \(at + 9)")
        // The fixed part cut short.
        refused([0x41, 0, 0, 20], "FIT: byte \(at): definition message runs past the data's end at byte \(at + 4)")
        // Developer fields: the count missing, then more than there are.
        refused([0x61, 0, 0, 20, 0, 1, 0, 4, 0x85], "FIT: byte \(at + 9): developer field count runs past the data's end at byte \(at + 9)")
        refused([0x61, 0, 0, 20, 0, 1, 0, 4, 0x85, 9, 0, 1, 0], "FIT: byte \(at + 9): 9 developer fields run past the data's end at byte \(at + 13)")
        // 255 fields of 255 bytes defined, then a data message the data cannot hold.
        var wide: [UInt8] = [0x41, 0, 0, 20, 0, 255]
        for k in 0..<255 { wide += [UInt8(k), 255, 0x0D] }
        refused(wide + [0x01, 0, 0, 0], "FIT: byte \(at + wide.count): data message of global message 20 (65025 bytes) runs past the data's end at byte \(at + wide.count + 4)")
        // The same definition, never used: nothing to refuse.
        XCTAssertNoThrow(try FITFileReader.forEach(FITBytes.file(b.records + wide)) { _ in })
    }

    func testAFileOfAnotherTypeIsRefused() {
        for (type, said) in [(Int64(5), "file type 5 (workout)"), (9, "file type 9 (weight)"), (34, "file type 34 (segment)"), (99, "file type 99"),
                             (0xFF, "no file type")] {
            var b = FITBytes()
            b.define(local: 0, global: 0, [(0, 1, FITBytes.enumeration)])
            b.data(local: 0, [.int(type)])
            b.define(local: 1, global: 20, [(0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32)])
            b.data(local: 1, [1, 2])
            assertRefused(FITBytes.file(b.records), "FIT: byte \(14 + 9): \(said): a course is read from a course (6) or an activity (4) file")
        }
        let (w, _) = Self.writerCourse(fileType: 7)
        assertRefused(w.file(), "FIT: byte 35: file type 7 (schedules): a course is read from a course (6) or an activity (4) file")
        XCTAssertNoThrow(try FITCourseReader.read(Self.writerCourse(fileType: 4).writer.file()))
    }

    func testAFileWithoutFileIDFirstOrWithoutMessagesIsRefused() {
        var b = FITBytes()
        b.define(local: 1, global: 20, [(0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32)])
        b.data(local: 1, [1, 2])
        assertRefused(FITBytes.file(b.records), "FIT: byte 26: the first message is global message 20, not file_id (0)")
        assertRefused(FITBytes.file([]), "FIT: byte 14: no data messages: a course needs file_id and records")
        assertRefused(FITBytes.file([0x40, 0, 0, 0, 0, 0]), "FIT: byte 20: no data messages: a course needs file_id and records")
    }

    /// Positions past the poles or the date line are the builder's to refuse: they come through as numbers.
    func testOutOfRangePositionsPassThrough() throws {
        var b = FITBytes()
        b.define(local: 0, global: 0, [(0, 1, FITBytes.enumeration)])
        b.data(local: 0, [6])
        b.define(local: 1, global: 20, [(0, 4, FITBytes.sint32), (1, 4, FITBytes.sint32)])
        b.data(local: 1, [.int(Int64(Int32.max) - 1), .int(Int64(Int32.min))])
        b.define(local: 2, global: 20, [(0, 8, 0x8E), (1, 8, 0x8E)])   // sint64 positions, as no writer should
        b.data(local: 2, [.int(Int64.max - 1), .int(Int64.min)])
        let draft = try FITCourseReader.read(FITBytes.file(b.records))
        XCTAssertEqual(draft.points.count, 2)
        XCTAssertEqual(draft.points[0].latitude, 180, accuracy: 1e-6)
        XCTAssertEqual(draft.points[0].longitude, -180)
        XCTAssertEqual(draft.points[1].latitude, Double(Int64.max) / Self.perDegree)
        XCTAssertEqual(draft.points[1].longitude, Double(Int64.min) / Self.perDegree)
    }

    // MARK: - Helpers

    static func hex(_ file: [UInt8], _ at: Int) -> String { "0x" + String(UInt16(file[at]) | UInt16(file[at + 1]) << 8, radix: 16, uppercase: true) }
    static func crc(_ bytes: ArraySlice<UInt8>) -> String { "0x" + String(FITMessageWriter.crc(bytes), radix: 16, uppercase: true) }

    func assertRefused(_ bytes: [UInt8], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try FITCourseReader.read(bytes), file: file, line: line) { error in
            XCTAssertEqual((error as? CourseError)?.message, message, file: file, line: line)
        }
    }

    func assertDraft(_ got: CourseDraft, _ want: CourseDraft, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.format, want.format, file: file, line: line)
        XCTAssertEqual(got.name, want.name, file: file, line: line)
        XCTAssertEqual(got.points.count, want.points.count, "points", file: file, line: line)
        for (k, (g, w)) in zip(got.points, want.points).enumerated() {
            XCTAssertEqual(g.latitude, w.latitude, accuracy: Self.halfSemicircle, "point \(k)", file: file, line: line)
            XCTAssertEqual(g.longitude, w.longitude, accuracy: Self.halfSemicircle, "point \(k)", file: file, line: line)
            XCTAssertEqual(g.elevation == nil, w.elevation == nil, "point \(k) elevation", file: file, line: line)
            if let ge = g.elevation, let we = w.elevation { XCTAssertEqual(ge, we, accuracy: 1e-9, "point \(k)", file: file, line: line) }
        }
        XCTAssertEqual(got.cues.count, want.cues.count, "cues", file: file, line: line)
        for (k, (g, w)) in zip(got.cues, want.cues).enumerated() {
            XCTAssertEqual(g.name, w.name, "cue \(k)", file: file, line: line)
            XCTAssertEqual(g.kind, w.kind, "cue \(k)", file: file, line: line)
            XCTAssertEqual(g.distance == nil, w.distance == nil, "cue \(k) distance", file: file, line: line)
            if let gd = g.distance, let wd = w.distance { XCTAssertEqual(gd, wd, accuracy: 1e-9, "cue \(k)", file: file, line: line) }
            XCTAssertEqual(g.latitude == nil, w.latitude == nil, "cue \(k) latitude", file: file, line: line)
            XCTAssertEqual(g.longitude == nil, w.longitude == nil, "cue \(k) longitude", file: file, line: line)
            if let a = g.latitude, let b = w.latitude { XCTAssertEqual(a, b, accuracy: Self.halfSemicircle, "cue \(k)", file: file, line: line) }
            if let a = g.longitude, let b = w.longitude { XCTAssertEqual(a, b, accuracy: Self.halfSemicircle, "cue \(k)", file: file, line: line) }
        }
    }
}

/// FIT bytes written field by field, for what `FITMessageWriter` has no call for: strings,
/// big-endian definitions, compressed timestamp headers, developer fields, 12-byte headers, and
/// broken files. Its little-endian messages are the writer's byte for byte (a test checks).
struct FITBytes {
    static let enumeration: UInt8 = 0x00, uint8: UInt8 = 0x02, uint16: UInt8 = 0x84, sint32: UInt8 = 0x85, uint32: UInt8 = 0x86
    static let string: UInt8 = 0x07

    enum Value: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
        case int(Int64), text(String), raw([UInt8])
        init(integerLiteral v: Int64) { self = .int(v) }
        init(stringLiteral s: String) { self = .text(s) }
    }

    var records: [UInt8] = []
    private var definitions: [UInt8: (sizes: [Int], bigEndian: Bool)] = [:]

    mutating func define(local: UInt8, global: UInt16, bigEndian: Bool = false, _ fields: [(UInt8, Int, UInt8)], developer: [(UInt8, Int, UInt8)] = []) {
        records.append(0x40 | (developer.isEmpty ? 0 : 0x20) | local)
        records += [0, bigEndian ? 1 : 0] + Self.int(Int64(global), size: 2, bigEndian: bigEndian) + [UInt8(fields.count)]
        for f in fields { records += [f.0, UInt8(f.1), f.2] }
        if !developer.isEmpty {
            records.append(UInt8(developer.count))
            for d in developer { records += [d.0, UInt8(d.1), d.2] }
        }
        definitions[local] = (fields.map { $0.1 }, bigEndian)
    }

    /// A data message with a normal header, or a compressed-timestamp one when `timeOffset` is given.
    mutating func data(local: UInt8, timeOffset: UInt8? = nil, _ values: [Value], developer: [[UInt8]] = []) {
        let definition = definitions[local]!
        precondition(definition.sizes.count == values.count)
        records.append(timeOffset.map { 0x80 | local << 5 | $0 } ?? local)
        for (size, value) in zip(definition.sizes, values) {
            switch value {
            case .int(let v): records += Self.int(v, size: size, bigEndian: definition.bigEndian)
            case .text(let s): records += (Array(s.utf8) + [UInt8](repeating: 0, count: size)).prefix(size)
            case .raw(let bytes): records += bytes
            }
        }
        for d in developer { records += d }
    }

    static func int(_ v: Int64, size: Int, bigEndian: Bool = false) -> [UInt8] {
        let u = UInt64(bitPattern: v)
        let little = (0..<size).map { UInt8(truncatingIfNeeded: u >> UInt64(8 * $0)) }
        return bigEndian ? little.reversed() : little
    }

    /// `records` as a FIT file: header (12 or 14 bytes, its CRC or 0), the records, the file CRC.
    static func file(_ records: [UInt8], headerSize: Int = 14, headerCRC: Bool = true) -> [UInt8] {
        var out: [UInt8] = [UInt8(headerSize), 0x20] + int(2132, size: 2) + int(Int64(records.count), size: 4) + Array(".FIT".utf8)
        if headerSize == 14 { out += int(headerCRC ? Int64(FITMessageWriter.crc(out)) : 0, size: 2) }
        out += records
        return out + int(Int64(FITMessageWriter.crc(out)), size: 2)
    }
}
