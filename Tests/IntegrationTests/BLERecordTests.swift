import Foundation
import PacerCore
import XCTest

/// `pacerctl ble-record` against a real dbus-daemon, a mock bluetoothd (python-dbusmock bluez5)
/// and the fake strap and footpod of sim/fakestrap.py.
final class BLERecordTests: XCTestCase {
    var harness: FakeStrapHarness!
    let strap = FakeStrapHarness.strap
    let footpod = FakeStrapHarness.footpod

    override func setUpWithError() throws {
        harness = try FakeStrapHarness()
    }

    override func tearDown() {
        harness?.stop()
        harness = nil
    }

    /// No sanitizer report in a child's stderr (under `swift test --sanitize=thread` pacerctl is instrumented too).
    func assertNoSanitizerReport(_ stderr: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(stderr.contains("ThreadSanitizer") || stderr.contains("AddressSanitizer"), stderr, file: file, line: line)
    }

    func testStrapAndFootpodStreamTogetherByteExactWithMalformedValuesCounted() throws {
        try harness.startStrap(["--strap", strap, "--footpod", footpod, "--rate", "20", "--count", "80"])
        let recorder = try harness.startPacerctl(["ble-record", "--duration", "30"])
        try harness.waitFor("both sensors to stream", timeout: 20) {
            !harness.sent(strap, "2a37").isEmpty && !harness.sent(footpod, "2a53").isEmpty
        }
        // Zero-length, truncated (16-bit rate with one byte) and reserved flags: logged, counted, never fatal.
        for value in ["", "01", "2048"] { try harness.command("send \(strap) 2a37 \(value)") }
        try harness.waitFor("the series to end", timeout: 30) { harness.log.contains { $0.hasSuffix(" done") } }
        XCTAssertEqual(try harness.finishRecording(recorder, [(strap, "2a37"), (footpod, "2a53")]), 0, recorder.stderr)

        let sentHR = harness.sent(strap, "2a37"), sentRSC = harness.sent(footpod, "2a53")
        XCTAssertGreaterThan(sentHR.count, 40, "the strap should have delivered most of its 80 values")
        XCTAssertGreaterThan(sentRSC.count, 40)
        XCTAssertEqual(recorder.recorded("2a37"), sentHR, "every heart-rate value, in order, byte for byte")
        XCTAssertEqual(recorder.recorded("2a53"), sentRSC, "every footpod value, in order, byte for byte")
        XCTAssertEqual(recorder.recorded("2a19").sorted(), ["40", "57"], "each battery read once (87 % strap, 64 % footpod)")

        // The output is a valid BLE log; every value but the three malformed decodes.
        let log = try BLELog.parse(recorder.stdout)
        var decoded = 0, rejected: [String] = []
        for n in log {
            do { _ = try GATTMeasurement(n); decoded += 1 } catch { rejected.append(n.payload.map { String(format: "%02x", $0) }.joined()) }
        }
        XCTAssertEqual(rejected, ["", "01", "2048"])
        XCTAssertEqual(decoded, sentHR.count + sentRSC.count + 2 - 3)
        let malformedReports = recorder.stderr.components(separatedBy: "malformed value from \(strap)").count - 1
        XCTAssertEqual(malformedReports, 3, recorder.stderr)
        XCTAssertTrue(recorder.stderr.contains("\(strap): \(sentHR.count + 1) values, 3 malformed"), "notifications plus one battery read: \(recorder.stderr)")
        XCTAssertTrue(recorder.stderr.contains("\(strap) heart_rate streaming battery 87%"), recorder.stderr)
        XCTAssertTrue(recorder.stderr.contains("\(footpod) footpod streaming battery 64%"), recorder.stderr)
        assertNoSanitizerReport(recorder.stderr)
    }

    func testDropsMidStreamReconnectAndResume() throws {
        try harness.startStrap(["--strap", strap, "--footpod", footpod, "--rate", "10"])
        let recorder = try harness.startPacerctl(["ble-record", "--duration", "60"])
        try harness.waitFor("the strap to stream", timeout: 20) { harness.sent(strap, "2a37").count >= 5 }
        // A blink (back at once), then out of range for 2 s (Connect refused meanwhile), then the footpod.
        for (address, command) in [(strap, "drop \(strap)"), (strap, "drop \(strap) 2"), (footpod, "drop \(footpod)")] {
            let before = harness.resumed(address).count
            let recordedBefore = recorder.recorded(address == strap ? "2a37" : "2a53").count
            try harness.command(command)
            try harness.waitFor("\(command) to be followed by data again", timeout: 15) {
                harness.resumed(address).count > before
                    && recorder.recorded(address == strap ? "2a37" : "2a53").count > recordedBefore + 2
            }
            print("ble-record: '\(command)': data resumed after \(harness.resumed(address).last!) s (strap's clock: drop to first delivered value)")
        }
        XCTAssertEqual(try harness.finishRecording(recorder, [(strap, "2a37"), (footpod, "2a53")]), 0)
        XCTAssertTrue(recorder.stderr.contains("\(strap) heart_rate disconnected (last drop: link lost (Connected=false))"), recorder.stderr)
        XCTAssertTrue(recorder.stderr.contains("Connect failed: org.bluez.Error.Failed"), "the 2 s outage refuses connections")
        XCTAssertEqual(recorder.recorded("2a37"), harness.sent(strap, "2a37"), "nothing the strap delivered was lost")
        XCTAssertEqual(recorder.recorded("2a53"), harness.sent(footpod, "2a53"))
        XCTAssertTrue(recorder.stderr.range(of: "\(strap): [0-9]+ values, 0 malformed, reconnections: \\[[0-9]+ ms, [0-9]+ ms\\]",
                                             options: .regularExpression) != nil, recorder.stderr)
        assertNoSanitizerReport(recorder.stderr)
    }

    func testStrapSwitchedOnTenSecondsAfterStartIsPickedUp() throws {
        try harness.startStrap(["--strap", strap, "--rate", "10", "--appear-after", "10"])
        let recorder = try harness.startPacerctl(["ble-record", "--device", strap.lowercased(), "--duration", "60"])
        try harness.waitFor("the strap to appear", timeout: 30) { harness.log.contains { $0.contains("appeared \(strap)") } }
        XCTAssertTrue(recorder.recorded("2a37").isEmpty, "nothing before the strap exists")
        XCTAssertTrue(recorder.stderr.contains("\(strap) sensor scanning"), recorder.stderr)
        try harness.waitFor("the late strap to stream", timeout: 20) { recorder.recorded("2a37").count >= 5 }
        XCTAssertEqual(try harness.finishRecording(recorder, [(strap, "2a37")]), 0)
        XCTAssertEqual(recorder.recorded("2a37"), harness.sent(strap, "2a37"))
        XCTAssertTrue(recorder.stderr.contains("\(strap) heart_rate streaming"), recorder.stderr)
        assertNoSanitizerReport(recorder.stderr)
    }

    func testBluetoothdRestartIsSurvived() throws {
        try harness.startStrap(["--strap", strap, "--footpod", footpod, "--rate", "10"])
        let recorder = try harness.startPacerctl(["ble-record", "--duration", "60"])
        try harness.waitFor("both to stream", timeout: 20) {
            recorder.recorded("2a37").count >= 3 && recorder.recorded("2a53").count >= 3
        }
        let before = (recorder.recorded("2a37").count, recorder.recorded("2a53").count)
        try harness.command("restart 1")
        try harness.waitFor("bluetoothd to come back and both sensors to stream again", timeout: 30) {
            harness.resumed(strap).count == 1 && harness.resumed(footpod).count == 1
                && recorder.recorded("2a37").count > before.0 + 10 && recorder.recorded("2a53").count > before.1 + 10
        }
        print("ble-record: bluetoothd restart (1 s away): strap resumed after \(harness.resumed(strap)[0]) s, footpod after \(harness.resumed(footpod)[0]) s")
        XCTAssertEqual(try harness.finishRecording(recorder, [(strap, "2a37"), (footpod, "2a53")]), 0)
        XCTAssertTrue(recorder.stderr.contains("bluetoothd left the bus"), recorder.stderr)
        XCTAssertTrue(recorder.stderr.contains("\(strap) heart_rate disconnected (last drop: bluetoothd exited)"), recorder.stderr)
        XCTAssertEqual(recorder.recorded("2a37"), harness.sent(strap, "2a37"))
        XCTAssertEqual(recorder.recorded("2a53"), harness.sent(footpod, "2a53"))
        assertNoSanitizerReport(recorder.stderr)
    }

    func testConfiguredDeviceWinsAndContactLossIsReported() throws {
        let other = "00:22:D0:AA:BB:09"
        try harness.startStrap(["--strap", strap, "--rate", "10", "--no-acquire"])
        try harness.command("appear hr \(other)")
        let recorder = try harness.startPacerctl(["ble-record", "--device", other, "--duration", "60"])
        try harness.waitFor("the configured strap to stream", timeout: 20) { recorder.recorded("2a37").count >= 5 }
        try harness.command("contact off")
        try harness.waitFor("contact loss to be reported", timeout: 20) { recorder.stderr.contains("no skin contact") }
        XCTAssertEqual(try harness.finishRecording(recorder, [(other, "2a37")]), 0)
        XCTAssertEqual(recorder.recorded("2a37"), harness.sent(other, "2a37"), "only the configured strap is recorded")
        XCTAssertFalse(recorder.stdout.isEmpty)
        XCTAssertFalse(recorder.stderr.contains(strap), "the other strap is never used")
        assertNoSanitizerReport(recorder.stderr)
    }

    /// A BLE log played by the fake strap comes back out of ble-record with the same payloads:
    /// capture and replay are inverse. The payloads are the real captures of hrm/VECTORS.tsv.
    /// ble-record starts before bluetoothd is on the bus and must pick it up when it appears.
    func testPlayedLogOfRealCapturesIsRecordedIdentically() throws {
        let tsv = try String(contentsOf: BuiltBinaries.corpus.appendingPathComponent("hrm/VECTORS.tsv"), encoding: .utf8)
        let payloads: [[UInt8]] = tsv.split(separator: "\n").dropFirst().compactMap { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cells.count > 8, cells[2] == "yes" else { return nil }
            return cells[1].split(separator: " ").map { UInt8($0, radix: 16)! }
        }
        XCTAssertEqual(payloads.count, 10, "the real captures")
        let start = UTCTime(rfc3339: "2026-03-01T07:00:00.000Z")!
        var log = [BLENotification(time: start, characteristic: 0x2A19, payload: [72])]
        for (i, p) in (payloads + payloads).enumerated() {
            log.append(BLENotification(time: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + 3000 + Int64(i) * 100),
                                       characteristic: 0x2A37, payload: p))
        }
        let logURL = harness.directory.appendingPathComponent("captures.ble")
        try BLELog.format(log).write(to: logURL, atomically: true, encoding: .utf8)

        let recorder = try harness.startPacerctl(["ble-record", "--device", strap, "--duration", "60"])
        try harness.waitFor("ble-record to wait for bluetoothd", timeout: 20) { recorder.stderr.contains("waiting for bluetoothd") }
        try harness.startStrap(["--strap", strap, "--play", logURL.path])
        try harness.waitFor("the log to be played", timeout: 30) { harness.log.contains { $0.hasSuffix(" done") } }
        XCTAssertEqual(try harness.finishRecording(recorder, [(strap, "2a37")]), 0)
        let hex = (payloads + payloads).map { $0.map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(harness.sent(strap, "2a37"), hex, "the strap was subscribed before the first value")
        XCTAssertEqual(recorder.recorded("2a37"), hex)
        XCTAssertEqual(recorder.recorded("2a19"), ["48"], "the battery level the log set")
        assertNoSanitizerReport(recorder.stderr)
    }

    func testBadAddressIsAUsageError() throws {
        let result = try BuiltBinaries.run("pacerctl", ["ble-record", "--device", "00:22:D0:AA:BB"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("'00:22:D0:AA:BB' is not a Bluetooth address"), result.stderr)
    }
}
