import XCTest
@testable import PacerCore

/// Every METAR group from real reports. Sources:
/// - [AIM] FAA Aeronautical Information Manual 7-1, figure 7-1-19 "Key to Aerodrome Forecast (TAF)
///   and Aviation Routine Weather Report (METAR)" (faraim.org/faa/aim/aim-502.html).
/// - [METAF] nnaumenko/metaf docs (basics.rst): Geneva's observation.
/// - [WMO] the ICAO Annex 3 / WMO No. 306 example as quoted in libxmq's METAR grammar (LBBG, Burgas).
/// - [AWC] Aviation Weather Center data-server output kept in denismakhlin.github.io's weatherdata.js (YSRI).
/// - [BULLETIN] WMO bulletin SAGL31 BGGH as kept in a NOAAPort decoder's tests (BGKK, Greenland),
///   and BGBW / LSME / LSMP SPECIs and METARs kept in public decoders' test data.
/// - [NWS] US observations kept in public decoders' tests (KPBI, KBNA, KBOS) and in metar.js's README (EFJY).
final class METARDecoderTests: XCTestCase {
    func testAIMKeyReportEveryUSGroup() {
        // [AIM]
        let r = METARDecoder.decode("METAR KPIT 091955Z COR 22015G25KT 3/4SM R28L/2600FT TSRA OVC010CB 18/16 A2992 RMK SLP045 T01820159")
        XCTAssertEqual(r.kind, "METAR")
        XCTAssertEqual(r.station, "KPIT")
        XCTAssertEqual([r.day, r.hour, r.minute], [9, 19, 55])
        XCTAssertTrue(r.corrected)
        XCTAssertEqual(r.wind, Wind(direction: 220, variable: false, speed: 15, gust: 25))
        XCTAssertEqual(r.visibilityMetres, 1207)   // 0.75 × 1609.344
        XCTAssertEqual(r.runwayVisualRanges, [RunwayVisualRange(runway: "28L", lowestMetres: 792, highestMetres: nil, bound: nil, trend: nil)])
        XCTAssertEqual(r.weather, ["TSRA"])
        XCTAssertEqual(r.sky, [SkyLayer(amount: .overcast, heightFeet: 1000, convective: .cumulonimbus)])
        XCTAssertEqual(r.temperatureC, 18.2)        // the remark's tenths win over the body's 18
        XCTAssertEqual(r.dewpointC, 15.9)
        XCTAssertEqual(r.altimeterHPa, 1013.2)      // 29.92 inHg × 33.8639
        XCTAssertEqual(r.seaLevelPressureHPa, 1004.5)
        XCTAssertEqual(r.prevailingCover, .overcast)
        XCTAssertEqual(r.unparsed, [])
    }

    func testEuropeanCAVOKVariableWindNOSIG() {
        // [METAF]
        let r = METARDecoder.decode("METAR LSGG 092050Z VRB01KT CAVOK 19/14 Q1022 NOSIG=")
        XCTAssertEqual(r.station, "LSGG")
        XCTAssertEqual(r.wind?.direction, nil)
        XCTAssertEqual(r.wind?.variable, true)
        XCTAssertEqual(r.wind?.speed, 1)
        XCTAssertTrue(r.cavok)
        XCTAssertEqual(r.visibilityMetres, 10000)
        XCTAssertEqual(r.temperatureC, 19)
        XCTAssertEqual(r.dewpointC, 14)
        XCTAssertEqual(r.altimeterHPa, 1022)
        XCTAssertEqual(r.trend, "NOSIG")
        XCTAssertNil(r.prevailingCover)
        XCTAssertEqual(r.unparsed, [])
    }

    func testMetresPerSecondVariationRVRWithBoundsAndTrendsAndUnreadRunwayState() {
        // [WMO]; the runway state group 8849//91 is not read and is reported by name.
        let r = METARDecoder.decode("METAR LBBG 041600Z 12012MPS 090V150 1400 R04/P1500N R22/P1500U +SN BKN022 OVC050 M04/M07 Q1020 NOSIG 8849//91=")
        XCTAssertEqual(r.wind?.direction, 120)
        XCTAssertEqual(r.wind?.speed, 23)           // 12 m/s
        XCTAssertEqual(r.wind?.variableFrom, 90)
        XCTAssertEqual(r.wind?.variableTo, 150)
        XCTAssertEqual(r.visibilityMetres, 1400)
        XCTAssertEqual(r.runwayVisualRanges.map(\.runway), ["04", "22"])
        XCTAssertEqual(r.runwayVisualRanges.map(\.lowestMetres), [1500, 1500])
        XCTAssertEqual(r.runwayVisualRanges.map(\.bound), ["P", "P"])
        XCTAssertEqual(r.runwayVisualRanges.map(\.trend), ["N", "U"])
        XCTAssertEqual(r.weather, ["+SN"])
        XCTAssertEqual(r.sky.map(\.amount), [.broken, .overcast])
        XCTAssertEqual(r.sky.map(\.heightFeet), [2200, 5000])
        XCTAssertEqual(r.temperatureC, -4)
        XCTAssertEqual(r.dewpointC, -7)
        XCTAssertEqual(r.unparsed, ["8849//91"])
    }

    func testAutomaticStationMissingWeatherAndTwoOvercastLayers() {
        // [AWC]
        let r = METARDecoder.decode("YSRI 092130Z AUTO 23004KT 7000 // OVC019 OVC027 18/18 Q1019")
        XCTAssertTrue(r.automatic)
        XCTAssertEqual(r.visibilityMetres, 7000)
        XCTAssertEqual(r.weather, [])
        XCTAssertEqual(r.sky.map(\.heightFeet), [1900, 2700])
        XCTAssertEqual(r.temperatureC, 18)
        XCTAssertEqual(r.unparsed, [])
    }

    func testNDVUnknownCloudTypeMissingWindAndNCD() {
        // [BULLETIN]
        let a = METARDecoder.decode("METAR BGKK 070220Z AUTO VRB02KT 9999NDV OVC043/// M03/M08 Q0967=")
        XCTAssertEqual(a.visibilityMetres, 10000)
        XCTAssertEqual(a.sky, [SkyLayer(amount: .overcast, heightFeet: 4300)])
        XCTAssertEqual(a.temperatureC, -3)
        XCTAssertEqual(a.altimeterHPa, 967)
        XCTAssertEqual(a.unparsed, [])
        let b = METARDecoder.decode("SPECI BGBW 282350Z AUTO /////KT 9999NDV BKN190/// M03/M12 Q1023")
        XCTAssertEqual(b.kind, "SPECI")
        XCTAssertEqual(b.wind, Wind(direction: nil, variable: false, speed: nil, gust: nil))
        XCTAssertEqual(b.unparsed, [])
        let c = METARDecoder.decode("METAR LSME 191850Z AUTO 00000KT 9999NDV NCD 17/13 Q1024 RMK")
        XCTAssertEqual(c.wind?.isCalm, true)
        XCTAssertEqual(c.wind?.direction, 0)
        XCTAssertEqual(c.clearSky, "NCD")
        XCTAssertNil(c.prevailingCover)
        XCTAssertEqual(c.unparsed, [])
    }

    func testThunderstormFogVariableRVRInFeetAndRemarks() {
        // [NWS] KPBI
        let r = METARDecoder.decode("KPBI 101958Z 35020KT 1/2SM R10L/1000V1600FT +TSRA FG SCT004 BKN015CB OVC030 19/19 A3006 RMK AO2 LTG DSNT ALQDS CONS LTGICCG OHD-ALQDS TS OHD-ALQDS MOV NE P0055 T01940194")
        XCTAssertEqual(r.visibilityMetres, 805)
        XCTAssertEqual(r.runwayVisualRanges, [RunwayVisualRange(runway: "10L", lowestMetres: 305, highestMetres: 488, bound: nil, trend: nil)])
        XCTAssertEqual(r.weather, ["+TSRA", "FG"])
        XCTAssertEqual(r.sky.last?.amount, .overcast)
        XCTAssertEqual(r.sky[1].convective, .cumulonimbus)
        XCTAssertEqual(r.temperatureC, 19.4)
        XCTAssertEqual(r.altimeterHPa, 1017.9)   // 30.06 inHg
        XCTAssertEqual(r.unparsed, [])
    }

    func testSpeciVariableDirectionRVRAboveRangeAndLightRain() {
        // [NWS] KBNA
        let r = METARDecoder.decode("SPECI KBNA 221914Z 21008KT 170V260 1SM R02L/3500VP6000FT -RA SCT039 BKN048 BKN055 OVC130 20/17 A3012 RMK AO2 RAB48 PRESRR SLP194 P0000 T02000172")
        XCTAssertEqual(r.wind?.variableFrom, 170)
        XCTAssertEqual(r.wind?.variableTo, 260)
        XCTAssertEqual(r.visibilityMetres, 1609)
        XCTAssertEqual(r.runwayVisualRanges.first?.highestMetres, 1829)
        XCTAssertEqual(r.weather, ["-RA"])
        XCTAssertEqual(r.sky.count, 4)
        XCTAssertEqual(r.seaLevelPressureHPa, 1019.4)
        XCTAssertEqual(r.dewpointC, 17.2)
        XCTAssertEqual(r.unparsed, [])
    }

    func testStatuteMileBoundsFractionsAndVerticalVisibility() {
        // [NWS] KBOS; KJFK observations kept in a public decoder's tests.
        let fog = METARDecoder.decode("KBOS 010154Z VRB03KT M1/4SM FG VV001 12/12 A3011 RMK AO2")
        XCTAssertEqual(fog.visibilityMetres, 402)
        XCTAssertEqual(fog.visibilityBound, "M")
        XCTAssertEqual(fog.sky, [SkyLayer(amount: .verticalVisibility, heightFeet: 100)])
        XCTAssertEqual(fog.prevailingCover, .verticalVisibility)
        let rain = METARDecoder.decode("METAR KJFK 031651Z 18010KT 1 1/2SM -RA BR OVC008 12/11 A3001")
        XCTAssertEqual(rain.visibilityMetres, 2414)
        XCTAssertEqual(rain.weather, ["-RA", "BR"])
        XCTAssertEqual(rain.unparsed, [])
    }

    func testScandinavianAutomaticStationThreeLayers() {
        // [NWS] EFJY from metar.js's README
        let r = METARDecoder.decode("EFJY 171950Z AUTO 27006KT 220V310 9999 FEW012 SCT015 BKN060 13/12 Q1006")
        XCTAssertEqual(r.prevailingCover, .broken)
        XCTAssertEqual(r.sky.map(\.amount), [.few, .scattered, .broken])
        XCTAssertEqual(r.unparsed, [])
    }

    func testGroupsNamedInTheFormatGuides() {
        // Forms the AIM key and WMO No. 306 list without a full report at hand: P6SM, 10SM, CLR,
        // SKC, NSC, TCU, KMH winds, a directional minimum, VCSH, -FZDZ, RE recent weather, NIL.
        let r = METARDecoder.decode("METAR EDDM 010650Z 27036KMH 9999 4000NE VCSH -FZDZ FEW030TCU 02/M01 Q1008 RERA")
        XCTAssertEqual(r.wind?.speed, 19)
        XCTAssertEqual(r.visibilityMetres, 10000)
        XCTAssertEqual(r.weather, ["VCSH", "-FZDZ"])
        XCTAssertEqual(r.sky.first?.convective, .toweringCumulus)
        XCTAssertEqual(r.recentWeather, ["RA"])
        XCTAssertEqual(r.unparsed, [])
        XCTAssertEqual(METARDecoder.decode("KPIT 091955Z 00000KT P6SM CLR 10/05 A3000").visibilityBound, "P")
        XCTAssertEqual(METARDecoder.decode("KPIT 091955Z 00000KT 10SM SKC 10/05 A3000").visibilityMetres, 16093)
        XCTAssertEqual(METARDecoder.decode("EGLL 091955Z 00000KT 9999 NSC 10/05 Q1000").clearSky, "NSC")
        XCTAssertTrue(METARDecoder.decode("METAR EGLL 091950Z NIL=").missing)
    }

    func testUnreadGroupsAreNamedAndTheRestStillDecoded() {
        let r = METARDecoder.decode("KPIT 091955Z 22015XKT 3/4SM TSQQ OVC01 18/16 A2992")
        XCTAssertEqual(r.unparsed, ["22015XKT", "TSQQ", "OVC01"])
        XCTAssertEqual(r.visibilityMetres, 1207)
        XCTAssertEqual(r.temperatureC, 18)
        XCTAssertEqual(r.altimeterHPa, 1013.2)
    }

    func testTruncatedAndMalformedReportsNeverTrap() {
        let full = "METAR KPIT 091955Z COR 22015G25KT 3/4SM R28L/2600FT TSRA OVC010CB 18/16 A2992 RMK SLP045 T01820159"
        for n in 0...full.utf8.count {
            let r = METARDecoder.decode(String(decoding: full.utf8.prefix(n), as: UTF8.self))
            if n >= 10 { XCTAssertEqual(r.station, "KPIT") }
        }
        for junk in ["", " ", "=", "R/", "R12/", "RE", "A", "Q", "VV", "G", "KT", "MPS", "VRBKT", "999G9KT", "1 /SM", "1 1/0SM",
                     "M/M", "/", "M", "T", "RMK T0", "RMK SLP", "1", "9", "FM", "\u{0}\u{FF}", "é€😀", "TT/DD", "M1/4", "P", "SM", "//SM"] {
            _ = METARDecoder.decode(junk)
            _ = METARDecoder.decode("KPIT 091955Z " + junk)
        }
        XCTAssertEqual(METARDecoder.decode("KPIT 091955Z 1 1/0SM").unparsed, ["1", "1/0SM"])
        // Found by fuzz/run-weather.sh: a fraction with a numerator of 40 digits overflowed.
        let long = "R KJFK " + String(repeating: "7", count: 120) + "03160/2SM -0"
        XCTAssertEqual(METARDecoder.decode(long).unparsed, ["R", "KJFK", String(repeating: "7", count: 120) + "03160/2SM", "-0"])
    }
}
