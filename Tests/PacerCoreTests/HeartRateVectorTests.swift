import XCTest
@testable import PacerCore

/// Every row of ../shared/corpus/hrm/VECTORS.tsv, read at test time: the verdict and every decoded field.
final class HeartRateVectorTests: XCTestCase {
    static var vectorsURL: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/corpus/hrm/VECTORS.tsv")
    }

    struct Row {
        var fields: [String: String]
        subscript(_ name: String) -> String { fields[name] ?? "" }
    }

    func loadRows() throws -> [Row] {
        let text = try String(contentsOf: Self.vectorsURL, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return lines.map { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var fields: [String: String] = [:]
            for (i, name) in header.enumerated() { fields[name] = i < cells.count ? cells[i] : "" }
            return Row(fields: fields)
        }
    }

    func testEveryCorpusVector() throws {
        let rows = try loadRows()
        XCTAssertEqual(rows.count, 34, "VECTORS.tsv should hold 34 vectors")
        var valid = 0, invalid = 0
        for row in rows {
            let id = row["id"]
            let bytes = row["hex"].split(separator: " ").map { UInt8($0, radix: 16)! }
            let verdict = row["valid"]
            if verdict.hasPrefix("no") {
                invalid += 1
                XCTAssertThrowsError(try HeartRateMeasurement(bytes: bytes), id) { error in
                    let reason = error as! GATTDecodingError
                    if verdict.contains("empty") {
                        XCTAssertEqual(reason, .empty, id)
                    } else if verdict.contains("truncated HR") {
                        guard case let .truncated(field, offset, _, _) = reason else { return XCTFail("\(id): \(reason)") }
                        XCTAssertTrue(field.hasPrefix("heart rate"), "\(id): \(field)")
                        XCTAssertEqual(offset, 1, id)
                    } else {
                        XCTFail("\(id): unknown verdict \(verdict)")
                    }
                }
                continue
            }
            XCTAssertTrue(verdict.hasPrefix("yes"), "\(id): verdict \(verdict)")
            valid += 1
            let m: HeartRateMeasurement
            do { m = try HeartRateMeasurement(bytes: bytes) } catch {
                XCTFail("\(id): rejected: \(error)"); continue
            }
            XCTAssertEqual(m.flags, UInt8(row["flags"].dropFirst(2), radix: 16), id)
            XCTAssertEqual(m.isSixteenBitRate, row["hr_format"] == "uint16", id)
            XCTAssertEqual(Int(m.beatsPerMinute), Int(row["hr"]), id)
            switch row["sensor_contact"] {
            case "supported, detected": XCTAssertEqual(m.sensorContact, .detected, id)
            case "supported, not detected": XCTAssertEqual(m.sensorContact, .notDetected, id)
            case "not supported": XCTAssertEqual(m.sensorContact, .notSupported, id)
            case let other: XCTFail("\(id): unknown contact \(other)")
            }
            XCTAssertEqual(m.energyExpendedKilojoules.map(Int.init), Int(row["energy_kJ"]), id)
            let rawRR = row["rr_raw_1_1024s"].split(separator: " ").map { UInt16($0)! }
            XCTAssertEqual(m.rrIntervals1024, rawRR, id)
            let rrMs = row["rr_ms(raw*1000/1024)"].split(separator: " ").map { Double($0)! }
            XCTAssertEqual(m.rrIntervalsMilliseconds.count, rrMs.count, id)
            for (got, want) in zip(m.rrIntervalsMilliseconds, rrMs) { XCTAssertEqual(got, want, accuracy: 0.0005, id) }
            let trailing = verdict.contains("1 trailing byte ignored") ? 1 : 0
            XCTAssertEqual(m.ignoredTrailingBytes, trailing, id)
        }
        XCTAssertEqual(valid, 31)
        XCTAssertEqual(invalid, 3)
    }

    func testMalformedHeartRatePayloads() {
        func reason(_ bytes: [UInt8]) -> GATTDecodingError? {
            do { _ = try HeartRateMeasurement(bytes: bytes); return nil } catch { return error }
        }
        XCTAssertEqual(reason([0x20, 0x48]), .reservedFlags(0x20))
        XCTAssertEqual(reason([0x80, 0x48]), .reservedFlags(0x80))
        XCTAssertEqual(reason([0x08, 0x48, 0x01]), .truncated(field: "energy expended", offset: 2, needed: 2, available: 1))
        XCTAssertEqual(reason([0x10, 0x48]), .missingValues(field: "RR intervals"))
        XCTAssertEqual(reason([0x10, 0x48, 0x01]), .truncated(field: "RR interval", offset: 2, needed: 2, available: 1))
        XCTAssertEqual(reason([0x00, 0x48, 0x00]), .unexpectedTrailingBytes(offset: 2, count: 1))
        XCTAssertEqual(reason([0x19, 0x48, 0x00, 0x10]), .truncated(field: "energy expended", offset: 3, needed: 2, available: 1))
    }

    func testManyRRIntervalsAndContactLoss() throws {
        // Energy plus eight RR intervals: the most a 23-byte ATT value can hold with an 8-bit rate... and one more.
        var bytes: [UInt8] = [0x1C, 150, 0x34, 0x12]
        let rr: [UInt16] = [400, 401, 402, 403, 404, 405, 406, 407, 408]
        for v in rr { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        let m = try HeartRateMeasurement(bytes: bytes)
        XCTAssertEqual(m.beatsPerMinute, 150)
        XCTAssertEqual(m.energyExpendedKilojoules, 0x1234)
        XCTAssertEqual(m.rrIntervals1024, rr)
        XCTAssertEqual(m.sensorContact, .notDetected)
        XCTAssertFalse(m.isHeartRateValid)
        XCTAssertTrue(try HeartRateMeasurement(bytes: [0x16, 0x4E, 0x1B, 0x03]).isHeartRateValid)
    }
}
