import XCTest
@testable import PacerCore

/// Epoch assembly, dates and cycle detection on real streams from ../shared/corpus and on
/// small streams built from real sentences.
final class NMEAFixAssemblerTests: XCTestCase {
    private func time(_ s: String) -> UTCTime? { UTCTime(rfc3339: s) }

    func testEpochMergesSentencesAndReportsAsSoonAsTheCycleEnds() throws {
        let bytes = try corpusBytes("gpsd/bu353s4.log")
        let r = decodeNMEA(bytes)
        // First epoch, before the cycle is known: reported at the GGA (no date yet), again once RMC dated it.
        XCTAssertNil(r.fixes[0].time)
        XCTAssertEqual(r.fixes[0].timeOfDayMilliseconds, ((3 * 60 + 7) * 60 + 19) * 1000)
        XCTAssertEqual(r.fixes[1].time, time("2014-12-31T03:07:19Z"))
        let merged = r.fixes[1]
        XCTAssertEqual(merged.mode, .threeD)
        XCTAssertEqual(try XCTUnwrap(merged.latitude), -37.784788333, accuracy: 1e-9)
        XCTAssertEqual(merged.altitudeMSL, 59.9)           // from GGA
        XCTAssertEqual(try XCTUnwrap(merged.speed), 0.69 * 1852 / 3600, accuracy: 1e-9)  // from RMC
        XCTAssertEqual(merged.track, 181.39)
        XCTAssertEqual(merged.pdop, 1.8)                    // from GSA
        XCTAssertEqual(merged.satellitesUsed, 8)
        // Every later epoch exactly once, in order, one second apart.
        let later = r.fixes.dropFirst(2)
        XCTAssertEqual(later.count, 24)
        for (a, b) in zip(r.fixes.dropFirst(), later) {
            XCTAssertEqual(try XCTUnwrap(b.time).millisecondsSinceEpoch - XCTUnwrap(a.time).millisecondsSinceEpoch, 1000)
        }

        // Live latency: the fix of 03:07:20 is out as soon as its RMC (the learnt cycle end) is in.
        let text = String(decoding: bytes, as: UTF8.self)
        let cut = try XCTUnwrap(text.range(of: "$GPRMC,030720.000"))
        let lineEnd = try XCTUnwrap(text[cut.upperBound...].firstIndex(of: "\n"))
        var decoder = NMEADecoder()
        var seen: [GNSSFix] = []
        Array(text[..<text.index(after: lineEnd)].utf8).withUnsafeBytes { decoder.decode($0) { seen.append($0) } }
        XCTAssertEqual(seen.last?.time, time("2014-12-31T03:07:20Z"))
    }

    func testGGAOnlyStreamHasNoTimeUntilADateIsKnown() {
        let stream = [
            sentence("GPGGA,120000.00,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,"),
            sentence("GPGGA,120001.00,4807.039,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,"),
            sentence("GPGGA,120002.00,4807.040,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,"),
            sentence("GPZDA,120002.50,24,10,2026,00,00"),
            sentence("GPGGA,120003.00,4807.041,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,"),
        ].joined(separator: "\r\n") + "\r\n"
        let fixes = decodeNMEA(stream).fixes.filter(\.hasPosition)
        XCTAssertEqual(fixes.map(\.timeOfDayMilliseconds), [43_200_000, 43_201_000, 43_202_000, 43_203_000])
        XCTAssertEqual(fixes.map { $0.time == nil }, [true, true, true, false])
        XCTAssertEqual(fixes.last?.time, time("2026-10-24T12:00:03Z"))
        XCTAssertTrue(fixes.allSatisfy { $0.mode == .threeD })
    }

    func testGLLOnlyStream() {
        let stream = (0..<4).map { i in
            sentence("GPGLL,4916.4\(i),N,12311.12,W,22544\(i).00,A,A")
        }.joined(separator: "\n") + "\n"
        let fixes = decodeNMEA(stream).fixes
        XCTAssertEqual(fixes.count, 4)
        XCTAssertTrue(fixes.allSatisfy { $0.mode == .twoD && $0.time == nil && $0.altitudeMSL == nil })
    }

    func testMidnightRolloverAdvancesTheDate() {
        let stream = [
            sentence("GPRMC,235959.00,A,4807.038,N,01131.324,E,0.0,,311226,,,A"),
            sentence("GPGGA,235959.00,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,"),
            sentence("GPGGA,000000.00,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,"),
            sentence("GPGGA,000001.00,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,"),
        ].joined(separator: "\n") + "\n"
        let times = decodeNMEA(stream).fixes.compactMap(\.time)
        XCTAssertEqual(times.last, time("2027-01-01T00:00:01Z"))
        XCTAssertTrue(times.contains(time("2026-12-31T23:59:59Z")!))
        XCTAssertTrue(times.contains(time("2027-01-01T00:00:00Z")!))
    }

    func testWeekRolloverDatesAreCorrectedUnlessTheLogSaysWhenItWasMade() throws {
        // neo-m8n.log has no "# Date:" header: gpsd moves its 2015 dates forward 1024 weeks.
        let neo = decodeNMEA(try corpusBytes("gpsd/neo-m8n.log")).fixes.compactMap(\.time)
        XCTAssertEqual(neo.first, time("2034-11-01T17:19:26Z"))
        // The same sentence in a log that carries gpsd's "# Date:" header keeps its date.
        let line = try corpusLine("gpsd/neo-m8n.log", startingWith: "$GNRMC,171926.00")
        let dated = decodeNMEA("# Date: 2015-03-18\n" + line + "\n").fixes
        XCTAssertEqual(dated.first?.time, time("2015-03-18T17:19:26Z"))
        // april6_2019.log: a 1999 date after the 2019 rollover, kept as gpsd keeps it under a "# Date:" header.
        let april = decodeNMEA(try corpusBytes("gpsd/april6_2019.log")).fixes
        XCTAssertEqual(april.compactMap(\.time), [time("1999-08-22T00:02:31.420Z")!])
        XCTAssertEqual(april.filter { $0.hasPosition && $0.time == nil }.count, 1, "the '-1' year: a position without a date")
    }

    func testNoFixFromSentencesThatSayThereIsNone() throws {
        // mtk-3301.log starts with RMC 'V' / GGA quality 0 / VTG 'N' carrying a placeholder position.
        let lines = String(decoding: try corpusBytes("gpsd/mtk-3301.log"), as: UTF8.self)
            .split(whereSeparator: \.isNewline).filter { $0.hasPrefix("$GP") }.prefix(12).joined(separator: "\n") + "\n"
        let r = decodeNMEA(lines)
        XCTAssertGreaterThan(r.counters[.accepted], 5)
        XCTAssertFalse(r.fixes.contains(where: \.hasPosition))
        XCTAssertTrue(r.fixes.allSatisfy { $0.latitude == nil && $0.speed == nil })
    }

    func testAllEmptyNoFixSentenceForgetsTheDate() {
        let stream = [
            sentence("GPRMC,120000.00,A,4807.038,N,01131.324,E,0.0,,241026,,,A"),
            sentence("GPRMC,120001.00,A,4807.038,N,01131.324,E,0.0,,241026,,,A"),
            sentence("GPRMC,,V,,,,,,,,,,N"),
            sentence("GPGGA,120005.00,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,"),
        ].joined(separator: "\n") + "\n"
        let fixes = decodeNMEA(stream).fixes.filter(\.hasPosition)
        XCTAssertEqual(fixes.last?.timeOfDayMilliseconds, 43_205_000)
        XCTAssertNil(fixes.last?.time)
    }

    func testIncompleteLastEpochIsDroppedOnceTheCycleIsKnown() throws {
        // ublox-lea-4s.log ends before the ZDA that ends its cycles: gpsd reports nothing for it.
        let r = decodeNMEA(try corpusBytes("gpsd/ublox-lea-4s.log"))
        XCTAssertEqual(r.fixes.compactMap(\.time).last, time("2006-12-11T17:55:05Z"))
        // A stream whose cycle was never seen: its one epoch is flushed at finish.
        let one = decodeNMEA(sentence("GPGGA,120000.00,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,") + "\n")
        XCTAssertEqual(one.fixes.count, 1)
    }

    func testTimesWithinTenMillisecondsAreOneEpoch() throws {
        // magellan315.log stamps GLL at .523 and GGA/RMC at .52.
        let fixes = decodeNMEA(try corpusBytes("gpsd/magellan315.log")).fixes.filter(\.hasPosition)
        let epochs = Set(fixes.compactMap(\.timeOfDayMilliseconds).map { ($0 + 10) / 1000 })
        XCTAssertEqual(epochs.count, 3)
    }
}
