import XCTest
@testable import PacerCore

/// The STATE's GPS part as GPS source events change it.
final class LiveGPSStateTests: XCTestCase {
    func testGPSEventsDriveTheStatesGPSPart() {
        var gps = LiveGPSState(source: "serial:/dev/x")
        gps.apply(.deviceOpened(GPSDeviceInfo(description: "serial:/dev/x@9600", baudRate: 9600)))
        XCTAssertEqual([gps.state.rawValue, String(gps.mode)], ["no_fix", "1"])
        let fix = GNSSFix(time: UTCTime(millisecondsSinceEpoch: 1_000), mode: .twoD, latitude: 48.1, longitude: 11.5,
                          speed: 3.2, hdop: 1.1, satellitesUsed: 7)
        gps.apply(.fix(fix))
        XCTAssertEqual(gps, LiveGPSState(mode: 2, state: .fix, latitude: 48.1, longitude: 11.5, speed: 3.2, satellitesUsed: 7,
                                         hdop: 1.1, time: fix.time, source: "serial:/dev/x"))
        gps.apply(.counters(GPSCounters()))
        XCTAssertEqual(gps.state, .fix)
        gps.apply(.fixLost)
        XCTAssertEqual([gps.state.rawValue, String(gps.mode)], ["no_fix", "1"])
        XCTAssertEqual(gps.latitude, 48.1, "the last position stays for frontends")
        gps.apply(.deviceLost(reason: "EOF", retryInSeconds: 1))
        XCTAssertEqual([gps.state.rawValue, String(gps.mode)], ["no_device", "0"])
    }
}
