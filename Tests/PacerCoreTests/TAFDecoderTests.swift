import XCTest
@testable import PacerCore

/// TAFs with every change type, from real forecasts. Sources:
/// - [AIM] FAA Aeronautical Information Manual figure 7-1-19 (faraim.org/faa/aim/aim-502.html): KPIT,
///   current format (BASE, FM, TEMPO, PROB30, BECMG, low-level wind shear).
/// - [NWS-KEY] the older NWS key card of the same forecast (weathertap.com's decoding guide): KPIT,
///   pre-2008 times (`091818`, `FM1930`, `TEMPO 2022`, PROB40).
/// - [US] KPBI and KCVS forecasts quoted in a public METAR/TAF exercise (VRB gusts, TX/TN, QNH..INS).
/// - [WMO] KSFO forecast kept in a public decoder's tests (1 1/2SM, M1/4SM, VV).
final class TAFDecoderTests: XCTestCase {
    func testAIMKeyForecastTimeline() {
        let t = TAFDecoder.decode("TAF KPIT 091730Z 0918/1024 15005KT 5SM HZ FEW020 WS010/31022KT FM091930 30015G25KT 3SM SHRA OVC015 TEMPO 0920/0922 1/2SM +TSRA OVC008CB FM100100 27008KT 5SM SHRA BKN020 OVC040 PROB30 1004/1007 1SM -RA BR FM101015 18005KT 6SM -SHRA OVC020 BECMG 1013/1015 P6SM NSW SKC")
        XCTAssertEqual(t.station, "KPIT")
        XCTAssertEqual(t.issued, TAFTime(day: 9, hour: 17, minute: 30))
        XCTAssertEqual(t.validFrom?.description, "0918")
        XCTAssertEqual(t.validTo?.description, "1024")
        XCTAssertEqual(t.periods.map(\.kind), [.base, .from, .temporary, .from, .probability, .from, .becoming])
        XCTAssertEqual(t.periods.map { $0.from?.description }, ["0918", "091930", "0920", "1001", "1004", "101015", "1013"])
        XCTAssertEqual(t.periods.map { $0.to?.description }, ["091930", "1001", "0922", "101015", "1007", "1024", "1015"])
        XCTAssertEqual(t.periods[0].wind, Wind(direction: 150, variable: false, speed: 5, gust: nil))
        XCTAssertEqual(t.periods[0].weather, ["HZ"])
        XCTAssertEqual(t.periods[1].wind?.gust, 25)
        XCTAssertEqual(t.periods[2].visibilityMetres, 805)
        XCTAssertEqual(t.periods[2].weather, ["+TSRA"])
        XCTAssertEqual(t.periods[2].sky, [SkyLayer(amount: .overcast, heightFeet: 800, convective: .cumulonimbus)])
        XCTAssertEqual(t.periods[4].probability, 30)
        XCTAssertEqual(t.periods[4].weather, ["-RA", "BR"])
        XCTAssertEqual(t.periods[6].weather, ["NSW"])
        XCTAssertEqual(t.periods[6].clearSky, "SKC")
        XCTAssertEqual(t.periods[6].visibilityMetres, 9656)
        XCTAssertEqual(t.unparsed, [])
    }

    func testPre2008TimesAreDatedByTheValidity() {
        let t = TAFDecoder.decode("TAF KPIT 091730Z 091818 15005KT 5SM HZ FEW020 WS010/31022KT FM1930 30015G25KT 3SM SHRA OVC015 TEMPO 2022 1/2SM +TSRA OVC008CB FM0100 27008KT 5SM SHRA BKN020 OVC040 PROB40 0407 1SM -RA BR FM1015 18005KT 6SM -SHRA OVC020 BECMG 1315 P6SM NSW SKC")
        XCTAssertEqual(t.validFrom?.description, "0918")
        XCTAssertEqual(t.validTo?.description, "1018")
        XCTAssertEqual(t.periods.map(\.kind), [.base, .from, .temporary, .from, .probability, .from, .becoming])
        XCTAssertEqual(t.periods.map { $0.from?.description }, ["0918", "091930", "0920", "1001", "1004", "101015", "1013"])
        XCTAssertEqual(t.periods[4].probability, 40)
        XCTAssertEqual(t.unparsed, [])
    }

    func testVariableGustsInTempoAndFMWithoutTAFWord() {
        let t = TAFDecoder.decode("KPBI 101848Z 1019/1118 15013KT P6SM VCTS SCT025CB SCT035 BKN070 TEMPO 1020/1022 VRB15G30KT 3SM TSRA SCT010 BKN030CB BKN060 FM110000 VRB05KT P6SM VCSH SCT020 BKN040 FM111500 31012KT P6SM VCSH BKN035")
        XCTAssertEqual(t.station, "KPBI")
        XCTAssertEqual(t.periods.map(\.kind), [.base, .temporary, .from, .from])
        XCTAssertEqual(t.periods[0].weather, ["VCTS"])
        XCTAssertEqual(t.periods[1].wind, Wind(direction: nil, variable: true, speed: 15, gust: 30))
        XCTAssertEqual(t.periods[0].to?.description, "1100")
        XCTAssertEqual(t.periods[3].to?.description, "1118")
        XCTAssertEqual(t.unparsed, [])
    }

    func testBecomingSeriesAndExtremeTemperatures() {
        let t = TAFDecoder.decode("TAF KCVS 101805Z 1018/1124 22010G20KT 9999 FEW200 QNH3030INS BECMG 1100/1101 23009KT 9999 FEW250 QNH3032INS BECMG 1114/1115 24012KT 9999 SKC QNH3025INS BECMG 1118/1119 25015G25KT 9999 SKC QNH3018INS TX21/1022Z TN08/1110Z")
        XCTAssertEqual(t.periods.map(\.kind), [.base, .becoming, .becoming, .becoming])
        XCTAssertEqual(t.periods.map { $0.to?.description }, ["1124", "1101", "1115", "1119"])
        XCTAssertEqual(t.maxTemperature, TAFExtreme(celsius: 21, time: TAFTime(day: 10, hour: 22)))
        XCTAssertEqual(t.minTemperature, TAFExtreme(celsius: 8, time: TAFTime(day: 11, hour: 10)))
        XCTAssertEqual(t.periods[0].visibilityMetres, 10000)
        XCTAssertEqual(t.unparsed, [])
    }

    func testFractionsVerticalVisibilityAndAmendedHeader() {
        let t = TAFDecoder.decode("TAF AMD KSFO 140530Z 1406/1512 27008KT 1 1/2SM BR VV004 TEMPO 1408/1412 M1/4SM FG VV001 FM141600 28012KT 1/2SM FG OVC002 FM142000 29015KT P6SM SKC")
        XCTAssertTrue(t.amended)
        XCTAssertEqual(t.periods[0].visibilityMetres, 2414)
        XCTAssertEqual(t.periods[0].sky, [SkyLayer(amount: .verticalVisibility, heightFeet: 400)])
        XCTAssertEqual(t.periods[1].visibilityMetres, 402)
        XCTAssertEqual(t.periods.map(\.kind), [.base, .temporary, .from, .from])
        XCTAssertEqual(t.unparsed, [])
    }

    func testEuropeanProbTempoCAVOKAndMinusExtreme() {
        // WMO No. 306 / Annex 3 forms: PROB30 TEMPO, CAVOK, TNM.., metric visibility, MPS.
        let t = TAFDecoder.decode("TAF EFHK 010500Z 0106/0206 24008MPS 9999 BKN015 TX02/0112Z TNM03/0203Z BECMG 0109/0111 CAVOK PROB30 TEMPO 0118/0122 2000 -SN BKN008=")
        XCTAssertEqual(t.periods.map(\.kind), [.base, .becoming, .probability])
        XCTAssertEqual(t.periods[1].cavok, true)
        XCTAssertEqual(t.periods[2].probability, 30)
        XCTAssertEqual(t.periods[2].visibilityMetres, 2000)
        XCTAssertEqual(t.minTemperature?.celsius, -3)
        XCTAssertEqual(t.periods[0].wind?.speed, 16)
        XCTAssertEqual(t.unparsed, [])
    }

    func testTruncatedAndMalformedForecastsNeverTrap() {
        let full = "TAF KPIT 091730Z 0918/1024 15005KT 5SM HZ FEW020 WS010/31022KT FM091930 30015G25KT 3SM SHRA OVC015 TEMPO 0920/0922 1/2SM +TSRA OVC008CB PROB30 1004/1007 1SM -RA BR TX21/1022Z"
        for n in 0...full.utf8.count {
            _ = TAFDecoder.decode(String(decoding: full.utf8.prefix(n), as: UTF8.self))
        }
        for junk in ["", "TAF", "TAF AMD", "FM", "FM99", "FM999999", "PROB", "PROB99", "TEMPO", "BECMG 9", "TX", "TX/Z", "TXM/0112Z",
                     "TN99/9999Z", "9999/9999", "0000/0000", "1 1/", "\u{0}", "é€😀"] {
            _ = TAFDecoder.decode(junk)
            _ = TAFDecoder.decode("TAF KPIT 091730Z 0918/1024 " + junk)
        }
        let t = TAFDecoder.decode("TAF KPIT 091730Z 0918/1024 15005KT 5SM XXYY FEW020")
        XCTAssertEqual(t.unparsed, ["XXYY"])
        XCTAssertEqual(t.periods.first?.sky.count, 1)
    }
}
