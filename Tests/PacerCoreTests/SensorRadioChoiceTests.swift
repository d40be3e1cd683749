import XCTest
@testable import PacerCore

/// A dual-band strap heard on ANT+ and BLE at once feeds the session from one radio only; the
/// other takes over when the first falls silent; battery levels pass whatever the radio.
final class SensorRadioChoiceTests: XCTestCase {
    private func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: 100 + s) }
    private let hr = HeartRateMeasurement.characteristic

    func testTheFirstRadioKeepsAKindUntilItFallsSilent() {
        var choice = SensorRadioChoice()
        XCTAssertEqual(choice.judge(characteristic: hr, from: .ant, at: at(0)), .takeOver(.heartRate, from: nil))
        XCTAssertEqual(choice.judge(characteristic: hr, from: .ble, at: at(0.3)), .drop)
        XCTAssertEqual(choice.judge(characteristic: hr, from: .ant, at: at(0.25)), .accept)
        for s in 1...4 {
            XCTAssertEqual(choice.judge(characteristic: hr, from: .ant, at: at(Double(s))), .accept)
            XCTAssertEqual(choice.judge(characteristic: hr, from: .ble, at: at(Double(s) + 0.5)), .drop)
        }
        XCTAssertEqual(choice.dropped[.heartRate], 5)
        // ANT+ silent from 4 s: BLE takes over at 9 s, not before.
        XCTAssertEqual(choice.judge(characteristic: hr, from: .ble, at: at(8.9)), .drop)
        XCTAssertEqual(choice.judge(characteristic: hr, from: .ble, at: at(9)), .takeOver(.heartRate, from: .ant))
        XCTAssertEqual(choice.judge(characteristic: hr, from: .ant, at: at(9.5)), .drop)
        // Another kind is judged apart; a battery level always passes.
        XCTAssertEqual(choice.judge(characteristic: CyclingPowerMeasurement.characteristic, from: .ant, at: at(10)),
                       .takeOver(.power, from: nil))
        XCTAssertEqual(choice.judge(characteristic: BatteryLevel.characteristic, from: .ble, at: at(10)), .accept)
        XCTAssertEqual(choice.judge(characteristic: BatteryLevel.characteristic, from: .ant, at: at(10)), .accept)
    }
}
