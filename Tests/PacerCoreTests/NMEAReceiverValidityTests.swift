import Foundation
import XCTest
@testable import PacerCore

/// Receiver states in which nothing was measured (demo mode, manual input, too few
/// satellites) never give a position; dead reckoning is reported, flagged, and never filtered in.
final class NMEAReceiverValidityTests: XCTestCase {
    func testGarminInDemoModeGivesNoFix() throws {
        // GPSmap-76S.log: GGA quality 8 and RMC status V with mode S for every epoch.
        let fixes = decodeNMEA(try corpusBytes("gpsd/GPSmap-76S.log")).fixes
        XCTAssertFalse(fixes.isEmpty, "the epochs still go out, without a position")
        XCTAssertEqual(fixes.filter(\.hasPosition).count, 0)
    }

    func testGGAQualityForSimulatorAndManualInputIsNoFix() throws {
        for quality in [0, 7, 8] {
            let r = try XCTUnwrap(decodeSentence("GPGGA,125106,3854.5087,N,07726.4523,W,\(quality),10,2.0,268.8,M,-33.9,M,,"))
            XCTAssertEqual(r.validity, .invalid, "quality \(quality)")
            XCTAssertNil(r.latitude, "quality \(quality)")
        }
        let ok = try XCTUnwrap(decodeSentence("GPGGA,125106,3854.5087,N,07726.4523,W,1,10,2.0,268.8,M,-33.9,M,,"))
        XCTAssertTrue(ok.hasValidPosition)
        XCTAssertFalse(ok.isEstimated)
    }

    func testGGAWithFewerThanThreeSatellitesUsedIsNoFix() throws {
        // The Hemisphere case: quality 1 with 0 satellites used (gpsd: MODE_NO_FIX under 3).
        for used in ["0", "2", ""] {
            let r = try XCTUnwrap(decodeSentence("GPGGA,120000.00,5130.0000,N,00007.0000,W,1,\(used),1.0,10.0,M,47.0,M,,"))
            XCTAssertFalse(r.hasValidPosition, "satellites used '\(used)'")
        }
        let three = try XCTUnwrap(decodeSentence("GPGGA,120000.00,5130.0000,N,00007.0000,W,1,3,1.0,10.0,M,47.0,M,,"))
        XCTAssertTrue(three.hasValidPosition)
    }

    func testZDATimedReceiverReportsOnlyOnceItUsesSatellites() {
        var text = ""
        for (second, used) in [(0, 0), (1, 0), (2, 0), (3, 5), (4, 6)] {
            text += sentence("GPGGA,12000\(second).00,5130.0000,N,00007.00\(second)0,W,1,0\(used),1.0,10.0,M,47.0,M,,") + "\r\n"
            text += sentence("GPZDA,12000\(second).00,23,11,2026,00,00") + "\r\n"
        }
        let fixes = decodeNMEA(text).fixes.filter(\.hasPosition)
        XCTAssertEqual(fixes.map(\.timeOfDayMilliseconds), [43_203_000, 43_204_000])
    }

    func testModeIndicatorSimulatorAndManualAreNoFixAndEstimatedIsFlagged() throws {
        for mode in ["S", "M", "N"] {
            let rmc = try XCTUnwrap(decodeSentence("GPRMC,125106,A,3854.5087,N,07726.4523,W,0.0,0.0,241011,10.5,W,\(mode)"))
            XCTAssertFalse(rmc.hasValidPosition, "RMC mode \(mode)")
            let gll = try XCTUnwrap(decodeSentence("GPGLL,3854.5087,N,07726.4523,W,125106,A,\(mode)"))
            XCTAssertFalse(gll.hasValidPosition, "GLL mode \(mode)")
            let vtg = try XCTUnwrap(decodeSentence("GPVTG,54.7,T,34.4,M,5.5,N,10.2,K,\(mode)"))
            XCTAssertEqual(vtg.validity, .invalid, "VTG mode \(mode)")
            XCTAssertNil(vtg.speed, "VTG mode \(mode)")
        }
        let rmc = try XCTUnwrap(decodeSentence("GPRMC,125106,A,3854.5087,N,07726.4523,W,0.0,0.0,241011,10.5,W,E"))
        XCTAssertTrue(rmc.hasValidPosition)
        XCTAssertTrue(rmc.isEstimated)
        let gga = try XCTUnwrap(decodeSentence("GPGGA,125106,3854.5087,N,07726.4523,W,6,05,2.0,268.8,M,-33.9,M,,"))
        XCTAssertTrue(gga.hasValidPosition)
        XCTAssertTrue(gga.isEstimated)
    }

    func testDeadReckoningFixIsReportedFlaggedAndNeverFiltered() throws {
        let text = sentence("GPRMC,125106,A,3854.5087,N,07726.4523,W,0.0,0.0,241011,10.5,W,E") + "\r\n"
        let fix = try XCTUnwrap(decodeNMEA(text).fixes.first(where: \.hasPosition))
        XCTAssertTrue(fix.isEstimated)
        var w = JSONWriter()
        fix.jsonLine(into: &w)
        XCTAssertTrue(String(decoding: w.bytes, as: UTF8.self).contains(#""mode":2,"status":"dr","#))

        var filter = PositionFilter(activity: .run)
        XCTAssertEqual(filter.update(fix, at: MonotonicInstant(seconds: 1)).failure, .noPosition)
        var measured = fix
        measured.isEstimated = false
        XCTAssertNil(filter.update(measured, at: MonotonicInstant(seconds: 2)).failure)
    }
}

private extension Result {
    var failure: Failure? { if case .failure(let e) = self { return e } else { return nil } }
}
