import XCTest
@testable import PacerCore

/// The framer against the quirks listed in ../shared/corpus/README.md, with real sentences.
final class NMEAFramerTests: XCTestCase {
    // Real sentences from gpsd/bu353s4.log.
    let gga = "$GPGGA,030719.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000*7D"
    let rmc = "$GPRMC,030719.000,A,3747.0873,S,17518.8938,E,0.69,181.39,311214,,,A*7D"

    func testCleanSentencesWithMixedLineEndings() {
        let r = frameNMEA(gga + "\r\n" + rmc + "\n")
        XCTAssertEqual(r.sentences, [String(gga.dropLast(3)), String(rmc.dropLast(3))])
        XCTAssertEqual(r.counters[.sentences], 2)
        XCTAssertEqual(r.counters[.junkBytes], 0)
        XCTAssertEqual(r.counters[.badChecksums], 0)
    }

    func testDoubleDollarAndJunkBeforeDollarResync() {
        let r = frameNMEA("$$" + gga.dropFirst() + "\nxyz\u{7f}junk" + rmc + "\n")
        XCTAssertEqual(r.sentences.count, 2)
        XCTAssertEqual(r.counters[.truncated], 1)  // the first, empty "$"
        XCTAssertEqual(r.counters[.junkBytes], 1 + 8)
    }

    func testTwoSentencesOnOneLineBothKept() {
        let r = frameNMEA(gga + rmc + "\r\n")
        XCTAssertEqual(r.sentences, [String(gga.dropLast(3)), String(rmc.dropLast(3))])
        XCTAssertEqual(r.counters[.truncated], 0)
    }

    func testPartialSentenceCutByNewStartIsDropped() throws {
        // isync.log: a GSV cut short by the next sentence.
        let line = try corpusLine("gpsd/isync.log", startingWith: "$GPGSV,4,1,15,02,11,115,36,0$PTNTA")
        let r = frameNMEA(line + "\r\n")
        XCTAssertEqual(r.sentences, ["$PTNTA,20160203131539,2,T4,000000066,+107,3,0,3"])
        XCTAssertEqual(r.counters[.truncated], 1)
    }

    func testNULBytesCutASentenceAndCountAsJunk() {
        var bytes = Array((gga + "\n").utf8)
        bytes.insert(0, at: 20)
        bytes += [0, 0] + Array((rmc + "\n").utf8)
        let r = frameNMEA(bytes)
        XCTAssertEqual(r.sentences.count, 1)
        XCTAssertEqual(r.counters[.truncated], 1)
        XCTAssertTrue(r.sentences[0].hasPrefix("$GPRMC"))
    }

    func testWrongMissingLowerCaseAndNonHexChecksums() {
        let lower = String(rmc.dropLast(2)) + "7d"
        let wrong = String(gga.dropLast(2)) + "7E"
        let missing = String(gga.dropLast(3))
        let nonHex = String(gga.dropLast(2)) + "G1"
        let r = frameNMEA([lower, wrong, missing, nonHex, "$"].joined(separator: "\n") + "\n")
        XCTAssertEqual(r.sentences, [String(rmc.dropLast(3))])
        XCTAssertEqual(r.counters[.sentences], 5)
        XCTAssertEqual(r.counters[.badChecksums], 4)
        XCTAssertEqual(r.counters[.missingChecksums], 2)  // the checksum-less GGA and the lone "$"
    }

    func testCommentJSONAndDebugLinesAreJunkEvenWithSentencesInside() throws {
        // gpsd treats a line starting with '#' as a comment, sentence or not (quectelLC79D.log's notes hold two).
        let note = try corpusLine("gpsd/quectelLC79D.log", startingWith: "#          $GAGSV")
        let json = #"{"class":"TPV","mode":3,"lat":-37.784788333}"#
        let r = frameNMEA(note + "\n" + json + "\r\n" + "DEBUG: read 82 bytes\n" + gga + "\n")
        XCTAssertEqual(r.sentences, [String(gga.dropLast(3))])
        XCTAssertEqual(r.counters[.junkBytes], note.utf8.count + json.utf8.count + 20)
    }

    func testOverlongSentenceIsDroppedAndTheNextOneKept() {
        let long = "$GPTXT," + String(repeating: "A", count: 300) + "*00"
        let r = frameNMEA(long + "\n" + gga + "\n")
        XCTAssertEqual(r.sentences.count, 1)
        XCTAssertEqual(r.counters[.truncated], 1)
    }

    func testFileEndingInALoneDollarAndUnterminatedSentence() throws {
        let badEOF = try corpusBytes("nmea/pynmeagps_pygpsdata-badeof.log")
        let r = frameNMEA(badEOF)
        XCTAssertEqual(r.counters[.truncated], 1)
        let lone = frameNMEA(gga + "\n$")
        XCTAssertEqual(lone.sentences.count, 1)
        XCTAssertEqual(lone.counters[.truncated], 1)
        XCTAssertEqual(lone.counters[.junkBytes], 1)
        let unterminated = frameNMEA(gga)
        XCTAssertEqual(unterminated.sentences, [], "gpsd never accepts a sentence without its line end")
    }

    func testRecordingDateHeaderIsRecognisedOnlyAsACommentLine() {
        var framer = NMEAFramer()
        Array("# Date: 2014-12-31\n".utf8).withUnsafeBytes { framer.feed($0) { _ in } }
        XCTAssertTrue(framer.sawRecordingDateHeader)
        var other = NMEAFramer()
        Array("x # Date: 2014\n#Date: 2014\n".utf8).withUnsafeBytes { other.feed($0) { _ in } }
        XCTAssertFalse(other.sawRecordingDateHeader)
    }

    func testChunkingNeverChangesTheOutput() throws {
        let bytes = try corpusBytes("nmea/pynmeagps_pygpsdata-mixed.log") + Array((gga + rmc + "\n$$x\0").utf8)
        let whole = frameNMEA(bytes)
        XCTAssertGreaterThan(whole.sentences.count, 0)
        for chunk in [1, 2, 3, 7, 64] {
            let r = frameNMEA(bytes, chunk: chunk)
            XCTAssertEqual(r.sentences, whole.sentences, "chunk \(chunk)")
            XCTAssertEqual(r.counters, whole.counters, "chunk \(chunk)")
        }
    }
}
