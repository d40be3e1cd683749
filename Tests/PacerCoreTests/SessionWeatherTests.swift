import XCTest
@testable import PacerCore

/// `[weather] attach` in the session core: one fetch a session, at its first fix with a
/// position; the fetched weather journaled as a `weather` marker whose detail reads back.
final class SessionWeatherTests: XCTestCase {
    static let metar = "KPIT 091951Z 22015G25KT 3/4SM R28L/2600FT TSRA OVC010CB 18/16 A2992 RMK SLP045 T01820159"
    static let taf = "TAF KPIT 091730Z 0918/1024 15005KT 5SM HZ FEW020 FM091930 30015G25KT 3SM SHRA OVC015"

    func testDetailRoundTripsAndCarriesTheDecodedReports() throws {
        let weather = SessionWeather(station: "KPIT", distanceMetres: 26_318.4, metar: Self.metar, taf: Self.taf)
        let detail = weather.detail
        XCTAssertEqual(SessionWeather(detail: detail), SessionWeather(station: "KPIT", distanceMetres: 26_318, metar: Self.metar, taf: Self.taf))
        let json = try JSONValue.parse(detail)
        XCTAssertEqual(json["decoded"]?["metar"]?["wind_gust_kt"]?.number, 25)
        XCTAssertEqual(json["decoded"]?["metar"]?["temp_c"]?.number, 18.2)
        XCTAssertEqual(json["decoded"]?["taf"]?["periods"]?.array?.count, 2)
        XCTAssertNil(SessionWeather(detail: "not json"))
        XCTAssertNil(SessionWeather(detail: #"{"station":"no such","metar":"x"}"#))
        XCTAssertNil(SessionWeather(detail: String(repeating: " ", count: SessionWeather.maximumDetailLength + 1)))
        let noTAF = SessionWeather(station: "KLBE", distanceMetres: nil, metar: "KLBE 091953Z 00000KT 10SM CLR 17/09 A2993", taf: nil)
        XCTAssertEqual(SessionWeather(detail: noTAF.detail), noTAF)
        XCTAssertEqual(noTAF.summary(DisplayPreferences()), "Weather at KLBE: 17 °C; wind calm; clear. METAR KLBE 091953Z 00000KT 10SM CLR 17/09 A2993")
    }

    func testOneFetchASessionAtItsFirstPositionAndTheReportJournaled() throws {
        var config = PacerConfig()
        config.weather.attach = true
        var recorder = SessionRecorder(settings: .init(config: config, activity: .run))
        var outputs: [RecorderOutput] = []
        let sink: (RecorderOutput) -> Void = { outputs.append($0) }
        let t0 = UTCTime(millisecondsSinceEpoch: 1_781_013_600_000)
        func at(_ s: Double) -> InputInstant {
            InputInstant(monotonic: MonotonicInstant(seconds: 500 + s), systemTime: UTCTime(millisecondsSinceEpoch: 0))
        }
        func fix(_ s: Int, position: Bool = true) -> GNSSFix {
            GNSSFix(time: UTCTime(millisecondsSinceEpoch: t0.millisecondsSinceEpoch + Int64(s) * 1000), mode: position ? .threeD : .noFix,
                    latitude: position ? 40.36 + Double(s) * 2.7e-5 : nil, longitude: position ? -79.95 : nil,
                    altitudeMSL: position ? 300 : nil, speed: position ? 3 : nil, hdop: 0.8, satellitesUsed: position ? 9 : 0)
        }
        func fetches() -> [RecorderOutput] { outputs.filter { if case .fetchWeather = $0 { true } else { false } } }
        recorder.fix(fix(0, position: false), at: at(0), emit: sink)
        try recorder.command(.start(.run), at: at(0.2), emit: sink)
        XCTAssertTrue(fetches().isEmpty, "no position yet: nothing to fetch for")
        for s in 1...5 { recorder.fix(fix(s), at: at(Double(s)), emit: sink) }
        XCTAssertEqual(fetches(), [.fetchWeather(latitude: 40.36 + 2.7e-5, longitude: -79.95)])
        let weather = SessionWeather(station: "KPIT", distanceMetres: 26_318, metar: Self.metar, taf: nil)
        recorder.attachWeather(weather, at: at(5.3), emit: sink)
        let markers = outputs.compactMap { output -> (UTCTime, String)? in
            if case let .journal(.event(.marker(time, kind, detail))) = output, kind == SessionWeather.markerKind { return (time, detail) }
            return nil
        }
        XCTAssertEqual(markers.count, 1)
        XCTAssertEqual(markers.first?.0.millisecondsSinceEpoch, t0.millisecondsSinceEpoch + 5000, "at the timeline's present")
        XCTAssertEqual(markers.first.flatMap { SessionWeather(detail: $0.1) }, weather)
        try recorder.command(.stop, at: at(5.5), emit: sink)
        recorder.attachWeather(weather, at: at(6), emit: sink)
        XCTAssertEqual(outputs.filter { if case .journal(.event(.marker(_, "weather", _))) = $0 { true } else { false } }.count, 1,
                       "a fetch that ends after the stop joins nothing")
        for s in 6...8 { recorder.fix(fix(s), at: at(Double(s)), emit: sink) }
        try recorder.command(.start(.run), at: at(8.2), emit: sink)
        XCTAssertEqual(fetches().count, 2, "the next session fetches again (it starts at the live fix)")
    }

    func testOffByDefault() throws {
        var recorder = SessionRecorder(settings: .init(config: PacerConfig(), activity: .run))
        var outputs: [RecorderOutput] = []
        try recorder.command(.start(.run), at: InputInstant(monotonic: MonotonicInstant(seconds: 1), systemTime: UTCTime(millisecondsSinceEpoch: 0))) { outputs.append($0) }
        let fix = GNSSFix(time: UTCTime(millisecondsSinceEpoch: 1000), mode: .threeD, latitude: 1, longitude: 2, hdop: 1, satellitesUsed: 8)
        recorder.fix(fix, at: InputInstant(monotonic: MonotonicInstant(seconds: 2), systemTime: UTCTime(millisecondsSinceEpoch: 0))) { outputs.append($0) }
        XCTAssertFalse(outputs.contains { if case .fetchWeather = $0 { true } else { false } })
        XCTAssertFalse(try PacerConfig(parsing: "[weather]\nattach = no\n", file: "t").weather.attach)
        XCTAssertTrue(try PacerConfig(parsing: "[weather]\nattach = yes\n", file: "t").weather.attach)
        XCTAssertThrowsError(try PacerConfig(parsing: "[weather]\nattach = maybe\n", file: "t"))
    }
}
