import Foundation
import PacerCore
import PacerSystem
import Synchronization
import XCTest

/// The BlueZ client used as the daemon will: `run` on its own thread, events handed to
/// another through a lock, stopped with a `WakeupPipe`. Under `--sanitize=thread` this is
/// the in-process check that nothing is shared without synchronisation.
final class BlueZClientThreadTests: XCTestCase {
    var harness: FakeStrapHarness!

    override func setUpWithError() throws { harness = try FakeStrapHarness() }

    override func tearDown() {
        harness?.stop()
        harness = nil
    }

    final class Collected: Sendable {
        let events = Mutex<[BlueZClientEvent]>([])
        func append(_ e: BlueZClientEvent) { events.withLock { $0.append(e) } }
        var snapshot: [BlueZClientEvent] { events.withLock { $0 } }
    }

    func testClientOnItsOwnThreadDecodesEveryValueAndReportsStaleHeartRate() throws {
        let strap = FakeStrapHarness.strap, footpod = FakeStrapHarness.footpod
        try harness.startStrap(["--strap", strap, "--footpod", footpod, "--rate", "20"])
        let busAddress = harness.busAddress
        let collected = Collected()
        let wakeup = try WakeupPipe()
        let finished = Mutex<String?>(nil)
        let thread = Thread {
            do {
                let bus = try DBusConnection(address: busAddress)
                let client = BlueZClient(bus: bus, configuration: .init(devices: [try BluetoothAddress(strap), try BluetoothAddress(footpod)]),
                                         onEvent: collected.append)
                try client.run(wakeup: wakeup)
                finished.withLock { $0 = "ok" }
            } catch {
                finished.withLock { $0 = "\(error)" }
            }
        }
        thread.start()

        func notifications(_ address: String, _ characteristic: UInt16) -> [(BLENotification, GATTMeasurement)] {
            collected.snapshot.compactMap {
                guard case let .notification(a, n, m) = $0, a == address, n.characteristic == characteristic else { return nil }
                return (n, m)
            }
        }
        func statuses(_ address: String) -> [BlueZSensorStatus] {
            collected.snapshot.compactMap { if case let .status(s) = $0, s.address == address { return s }; return nil }
        }
        try harness.waitFor("both sensors to stream", timeout: 20) {
            notifications(strap, 0x2A37).count >= 10 && notifications(footpod, 0x2A53).count >= 10
        }
        try harness.command("pause")
        try harness.waitFor("the heart rate to be reported stale", timeout: 20) {
            if case .stale? = statuses(strap).last?.heartRate { return true }
            return false
        }
        wakeup.wake()
        try harness.waitFor("the client thread to stop", timeout: 10) { finished.withLock { $0 } != nil }
        XCTAssertEqual(finished.withLock { $0 }, "ok")

        for (address, uuid, name) in [(strap, UInt16(0x2A37), "2a37"), (footpod, UInt16(0x2A53), "2a53")] {
            let received = notifications(address, uuid)
            let sent = harness.sent(address, name)
            XCTAssertEqual(received.map { $0.0.payload.map { String(format: "%02x", $0) }.joined() }, sent)
            for (n, m) in received { XCTAssertEqual(m, try GATTMeasurement(n), "decoded as the core decodes the raw bytes") }
            XCTAssertEqual(statuses(address).map(\.state).filter { $0 == .streaming }.count >= 1, true)
        }
        let last = try XCTUnwrap(statuses(strap).last)
        XCTAssertEqual(last.batteryPercent, 87)
        XCTAssertEqual(last.kind, .heartRate)
        XCTAssertEqual(last.name, "Polar H10 5A3B2C1D")
        guard case let .stale(bpm, age)? = last.heartRate else { return XCTFail("\(String(describing: last.heartRate))") }
        XCTAssertGreaterThan(age, LatestHeartRate.staleAfterSeconds)
        guard case let .heartRate(hr) = notifications(strap, 0x2A37).last!.1 else { return XCTFail() }
        XCTAssertEqual(bpm, Int(hr.beatsPerMinute), "the stale value is the last one received")
        XCTAssertTrue(last.summary.contains("stale"), last.summary)
    }
}
