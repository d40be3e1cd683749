import Foundation
import XCTest
@testable import PacerCore

/// Every file of ../shared/corpus (NMEA captures, and FIT/TCX/GPX/CSV/TSV files as garbage)
/// decoded one byte at a time, in odd chunks and all at once gives identical fixes and
/// counters: the decoder's output never depends on how the bytes arrived.
final class NMEACorpusChunkingTests: XCTestCase {
    func testEveryCorpusFileDecodesTheSameWhateverTheChunking() throws {
        guard let walker = FileManager.default.enumerator(atPath: nmeaCorpus.path) else {
            throw MissingPrerequisite.error("no corpus at \(nmeaCorpus.path)")
        }
        var files = 0, fixes = 0
        for case let relative as String in walker {
            let url = nmeaCorpus.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let bytes = try corpusBytes(relative)
            let whole = decodeNMEA(bytes)
            for chunk in [1, 13] {
                let r = decodeNMEA(bytes, chunk: chunk)
                XCTAssertEqual(r.fixes, whole.fixes, "\(relative) in chunks of \(chunk)")
                XCTAssertEqual(r.counters, whole.counters, "\(relative) in chunks of \(chunk)")
            }
            XCTAssertLessThanOrEqual(whole.counters[.accepted], whole.counters[.sentences], relative)
            files += 1
            fixes += whole.fixes.count
        }
        XCTAssertGreaterThan(files, 200)
        XCTAssertGreaterThan(fixes, 2000)
    }

    func testGarbageGivesNoFixesAndCountsJunk() throws {
        for file in ["tracks/fitparse_garmin-fenix-5-run.fit", "tracks/slither_running.gpx", "hrm/VECTORS.tsv"] {
            let bytes = try corpusBytes(file)
            let r = decodeNMEA(bytes)
            XCTAssertEqual(r.fixes, [], file)
            XCTAssertEqual(r.counters[.accepted], 0, file)
            XCTAssertGreaterThan(r.counters[.junkBytes], bytes.count / 2, file)
        }
    }
}
