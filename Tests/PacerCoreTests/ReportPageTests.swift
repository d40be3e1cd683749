import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import PacerCore

/// The report's page builders over a small history: bars are the periods with data and carry
/// `HistoryStatistics`' values, every SVG is well-formed XML, the session page draws its route
/// with a mark per kilometre, its weather and its exports; the manifest notices changes.
final class ReportPageTests: XCTestCase {
    /// Sessions from 2026-01-05 on, one every `everyDays` days, `km` growing with the index;
    /// every third without steps or calories (a ride), and one strength session.
    static func entries(count: Int, everyDays: Int = 3) -> [HistoryIndex.Entry] {
        let day0 = LocalCalendar.day(parsing: "2026-01-05")!
        return (0..<count).map { k in
            let start = UTCTime(millisecondsSinceEpoch: Int64(day0 + k * everyDays) * 86_400_000 + 7 * 3_600_000)
            let ride = k % 3 == 2
            let km = 3 + Double(k % 7) * 1.5
            let summary = SessionSummary(activity: k == 4 ? .strength : (ride ? .ride : .run), start: start,
                                         end: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + 1_800_000),
                                         elapsedSeconds: 1800, movingSeconds: 1750, distanceMeters: k == 4 ? 0 : km * 1000,
                                         heartRateAverage: 140, steps: ride ? nil : 4000 + k, calories: ride ? nil : km * 60, trimp: 40 + Double(k))
            return HistoryIndex.Entry(summary: summary, id: UInt64(k + 1), segment: 1, offset: UInt64(k * 1000), bestEfforts: [])
        }
    }

    /// Runs `body` with a reader over the index those entries make.
    static func withIndex<T>(_ entries: [HistoryIndex.Entry], _ body: (HistoryIndexReader) throws -> T) throws -> T {
        let bytes = HistoryIndex.encode(segments: [.init(number: 1, size: 1)], entries: entries)
        return try bytes.withUnsafeBytes { raw in try body(try XCTUnwrap(HistoryIndexReader(raw))) }
    }

    static func dashboard(_ index: HistoryIndexReader, config: String, today: String) throws -> (ReportModel, String) {
        let settings = try PacerConfig(parsing: config, file: "test.conf").motivation
        let model = ReportModel(.init(index: index, history: MotivationHistory(index: index, calendar: .utc), settings: settings,
                                      strength: StrengthLog(), today: LocalCalendar.day(parsing: today)!))
        return (model, String(decoding: DashboardPage(model: model, preferences: DisplayPreferences()).html(), as: UTF8.self))
    }

    /// The text of `<figure ... id="ID">...</figure>`.
    static func figure(_ html: String, id: String) throws -> String {
        let start = try XCTUnwrap(html.range(of: "<figure class=\"chart\" id=\"\(id)\">"), "no chart \(id)")
        let end = try XCTUnwrap(html.range(of: "</figure>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// Every `data-NAME="..."` value of elements starting with `prefix`, in order.
    static func attributes(_ text: String, prefix: String, name: String) -> [String] {
        text.components(separatedBy: prefix).dropFirst().compactMap { part in
            guard let r = part.range(of: " \(name)=\"") else { return nil }
            return String(part[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// Parses every inline `<svg>...</svg>` as XML; returns how many there were.
    static func assertSVGsParse(_ html: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        var count = 0
        var rest = html[...]
        while let start = rest.range(of: "<svg"), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
            let svg = String(rest[start.lowerBound..<end.upperBound])
            let parser = XMLParser(data: Data(svg.utf8))
            XCTAssertTrue(parser.parse(), "SVG \(count) does not parse: \(parser.parserError.map { "\($0)" } ?? "")\n\(svg.prefix(300))", file: file, line: line)
            count += 1
            rest = rest[end.upperBound...]
        }
        return count
    }

    func testBarsAreThePeriodsWithDataAndCarryTheStatistics() throws {
        try ReportPageTests.withIndex(ReportPageTests.entries(count: 40)) { index in
            let (model, html) = try ReportPageTests.dashboard(index, config: "[goals]\nweekly_distance_km = 20\n", today: "2026-05-20")
            for (period, slots) in [(HistoryStatistics.Period.week, model.weeks), (.month, model.months), (.year, model.years)] {
                let shown = Set(slots.map(\.label))
                let buckets = HistoryStatistics.aggregate(index, by: period).filter { shown.contains($0.label) }
                XCTAssertFalse(buckets.isEmpty, "\(period)")
                for (metric, value, decimals) in [("distance", { (b: HistoryStatistics.Bucket) in Optional(b.distanceMeters / 1000) }, 2),
                                                  ("calories", { $0.calories }, 1), ("steps", { $0.steps.map(Double.init) }, 0)] {
                    let chart = try ReportPageTests.figure(html, id: "\(metric)-\(period.rawValue)")
                    let withData = buckets.filter { value($0) != nil }
                    XCTAssertEqual(ReportPageTests.attributes(chart, prefix: "<rect class=\"bar\"", name: "data-period"), withData.map(\.label), "\(metric) \(period)")
                    XCTAssertEqual(ReportPageTests.attributes(chart, prefix: "<rect class=\"bar\"", name: "data-value"),
                                   withData.map { UnitSystem.fixed(value($0)!, decimals) }, "\(metric) \(period)")
                    XCTAssertTrue(chart.contains("<title id=\"\(metric)-\(period.rawValue)-title\">"), chart)
                    XCTAssertTrue(chart.contains("<table>"), chart)
                }
            }
            // 12 weekly slots ending with the week of 2026-05-20 (W21); sessions every 3 days fill each.
            XCTAssertEqual(model.weeks.map(\.label).first, "2026-W10")
            XCTAssertEqual(model.weeks.map(\.label).last, "2026-W21")
            XCTAssertEqual(model.months.map(\.label).first, "2025-06")
            XCTAssertEqual(ReportPageTests.attributes(try ReportPageTests.figure(html, id: "distance-week"), prefix: "<line class=\"goal\"", name: "data-value"), ["20.00"])
            XCTAssertFalse(try ReportPageTests.figure(html, id: "distance-month").contains("class=\"goal\""))
            XCTAssertFalse(try ReportPageTests.figure(html, id: "steps-week").contains("class=\"goal\""))
            XCTAssertGreaterThanOrEqual(ReportPageTests.assertSVGsParse(html), 11)
            XCTAssertFalse(html.contains("<script"))
            XCTAssertFalse(html.contains("http://") && html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http://"))
            XCTAssertTrue(html.contains("prefers-color-scheme:dark"))
            XCTAssertTrue(html.contains("name=\"viewport\""))
        }
    }

    func testImperialBarsAreInMiles() throws {
        try ReportPageTests.withIndex(ReportPageTests.entries(count: 10)) { index in
            let settings = MotivationSettings()
            let model = ReportModel(.init(index: index, history: MotivationHistory(index: index, calendar: .utc), settings: settings,
                                          strength: StrengthLog(), today: LocalCalendar.day(parsing: "2026-02-01")!))
            let html = String(decoding: DashboardPage(model: model, preferences: DisplayPreferences(units: .imperial)).html(), as: UTF8.self)
            let chart = try ReportPageTests.figure(html, id: "distance-year")
            let total = HistoryStatistics.aggregate(index, by: .year).map(\.distanceMeters).reduce(0, +)
            XCTAssertEqual(ReportPageTests.attributes(chart, prefix: "<rect class=\"bar\"", name: "data-value"), [UnitSystem.fixed(total / 1609.344, 2)])
            XCTAssertTrue(chart.contains("data-unit=\"mi\""))
        }
    }

    func testGoalCalendarRingsAndLoadAndRecords() throws {
        try ReportPageTests.withIndex(ReportPageTests.entries(count: 30, everyDays: 1)) { index in
            let (model, html) = try ReportPageTests.dashboard(index, config: "[goals]\ndaily_distance_km = 5\ndaily_sessions = 1\n[habit run]\nactivity = run\ndays = daily\n",
                                                              today: "2026-02-01")
            XCTAssertEqual(model.calendarDays.count, 35)
            XCTAssertEqual(model.calendarDays.last.map { LocalCalendar.dateString(day: $0.day) }, "2026-02-01")   // a Sunday ends the last week
            // Each day up to today with a session has a ring per daily goal; met where the day's distance reaches 5 km.
            let calendar = try ReportPageTests.figure(html.replacingOccurrences(of: "chart cal", with: "chart"), id: "goal-calendar")
            let history = MotivationHistory(index: index, calendar: .utc)
            let day = LocalCalendar.day(parsing: "2026-01-20")!
            let km = history.totals(day: day).all.distanceMeters / 1000
            let cell = try XCTUnwrap(calendar.components(separatedBy: "data-date=\"2026-01-20\"").dropFirst().first?.components(separatedBy: "</g>").first)
            XCTAssertEqual(ReportPageTests.attributes(cell, prefix: "<circle class=\"ring", name: "data-value").first, UnitSystem.fixed(km, 2))
            XCTAssertEqual(cell.contains("ring met\" data-goal=\"distance_km\""), km >= 5, cell)
            XCTAssertEqual(model.load.count, 28)   // from the first session's day (2026-01-05) through today
            XCTAssertEqual(model.load.last, TrainingLoad.days(history, settings: model.settings, through: model.today).last)
            XCTAssertTrue(try ReportPageTests.figure(html, id: "load-chart").contains("data-series=\"TSB\""))
            XCTAssertTrue(try ReportPageTests.figure(html, id: "habit-grid").contains("<rect class=\"done\" data-date=\"2026-01-30\""))
            XCTAssertTrue(html.contains("<td>longest distance</td>"))
            XCTAssertTrue(html.contains("<a href=\"session-30.html\">"))
            _ = ReportPageTests.assertSVGsParse(html)
        }
    }

    func testStrengthProgressChartsTopWeightAndOneRepMax() throws {
        var log = StrengthLog()
        for (k, weight) in [80.0, 82.5, 85].enumerated() {
            let t = UTCTime(millisecondsSinceEpoch: Int64(LocalCalendar.day(parsing: "2026-01-05")! + 2 * k) * 86_400_000 + 64_800_000)
            log.append(StrengthSet(number: 1, time: t, exercise: "Bench Press", muscle: .chest, weightKilograms: weight, reps: 5), session: UInt64(k + 1))
        }
        try ReportPageTests.withIndex([]) { index in
            let model = ReportModel(.init(index: index, history: MotivationHistory(index: index, calendar: .utc), settings: MotivationSettings(),
                                          strength: log, today: LocalCalendar.day(parsing: "2026-01-20")!))
            let html = String(decoding: DashboardPage(model: model, preferences: DisplayPreferences()).html(), as: UTF8.self)
            let chart = try ReportPageTests.figure(html, id: "strength-0")
            XCTAssertTrue(chart.contains("Bench Press (kg)"))
            let e1rm = model.strength[0].sessions.map { UnitSystem.fixed($0.estimatedOneRepMax, 1) }
            XCTAssertEqual(e1rm.count, 3)
            for v in e1rm + ["80.0", "82.5", "85.0"] { XCTAssertTrue(chart.contains("<td>\(v)<"), v) }
            _ = ReportPageTests.assertSVGsParse(html)
        }
    }

    /// A 6 km run north-east with altitude, heart rate and power, two laps, a weather marker.
    static func session() -> (JournalSession, SessionSummary) {
        let start = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!
        var session = JournalSession(id: 12, activity: .run, start: start, config: "", segment: 1, offset: 0, hasSamples: true)
        for k in 0..<2000 {
            let d = Double(k) * 3
            session.samples.append(SessionSample(time: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64(k) * 1000),
                                                 latitude: 48.1 + d / 111_000 * 0.7, longitude: 11.5 + d / 74_000 * 0.7, altitudeMSL: 520 + Double(k % 100) / 10,
                                                 speed: 3, distanceMeters: d, heartRate: 120 + k % 50, power: k < 10 ? nil : 250))
        }
        let weather = SessionWeather(station: "EDDM", distanceMetres: 28_000, metar: "EDDM 010650Z 24010KT 9999 FEW030 08/02 Q1015", taf: nil)
        session.events = [.marker(time: start, kind: SessionWeather.markerKind, detail: weather.detail)]
        let summary = SessionSummary(id: "12", activity: .run, start: start, end: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + 2_000_000),
                                     elapsedSeconds: 2000, movingSeconds: 1999, distanceMeters: 5997, averageSpeed: 3, heartRateAverage: 144,
                                     heartRateMax: 169, heartRateZoneSeconds: [100, 500, 700, 500, 200],
                                     laps: [SegmentSummary(index: 1, elapsedSeconds: 1000, movingSeconds: 1000, distanceMeters: 3000, averageSpeed: 3),
                                            SegmentSummary(index: 2, elapsedSeconds: 1000, movingSeconds: 999, distanceMeters: 2997, averageSpeed: 3)],
                                     splits: (1...5).map { SegmentSummary(index: $0, elapsedSeconds: 333, movingSeconds: 333, distanceMeters: 1000, averageSpeed: 3) })
        session.summary = summary
        return (session, summary)
    }

    func testSessionPageDrawsRouteChartsTablesWeatherAndExports() throws {
        let (session, summary) = ReportPageTests.session()
        let input = SessionPage.Input(session: session, summary: summary, zoneLowerBounds: [110, 130, 148, 163, 176], maxHeartRate: 188,
                                      exports: [("fit", "../outbox/2026-03-01_0700_run.fit"), ("gpx", "../outbox/2026-03-01_0700_run.gpx")])
        let html = String(decoding: SessionPage(input, calendar: .utc, preferences: DisplayPreferences()).html(), as: UTF8.self)
        XCTAssertTrue(html.contains("<polyline class=\"route\""))
        XCTAssertEqual(ReportPageTests.attributes(html, prefix: "<circle class=\"km\"", name: "data-mark"), ["1", "2", "3", "4", "5"])
        XCTAssertTrue(html.contains("<circle class=\"start\""))
        XCTAssertTrue(html.contains("<rect class=\"finish\""))
        XCTAssertTrue(html.contains("Pace along the distance"))
        XCTAssertTrue(html.contains("Altitude along the distance (m, GPS)"))
        XCTAssertTrue(html.contains("Source: GPS altitude"))
        // Heart rate over the five zone bands, power, both downsampled to the chart's points.
        let hr = try ReportPageTests.figure(html, id: "hr-chart")
        XCTAssertEqual(hr.components(separatedBy: "<rect class=\"band z").count - 1, 5)
        XCTAssertEqual(hr.components(separatedBy: "<tr><td>").count - 1, SessionPage.chartPoints)
        XCTAssertTrue(html.contains("Power over time (W)"))
        XCTAssertTrue(html.contains("<table class=\"laps\">"))
        XCTAssertEqual(html.components(separatedBy: "<table class=\"splits\">").last?.components(separatedBy: "</table>").first?
            .components(separatedBy: "<tr><td>").count, 6)
        XCTAssertTrue(html.contains("Weather at EDDM, 28.00 km away"))
        XCTAssertTrue(html.contains("<a href=\"../outbox/2026-03-01_0700_run.fit\">2026-03-01_0700_run.fit</a> (FIT)"))
        XCTAssertEqual(ReportPageTests.assertSVGsParse(html), 5)
        // No position, no route; no power, no power chart.
        var indoor = session
        indoor.samples = indoor.samples.map { var s = $0; s.latitude = nil; s.longitude = nil; s.power = nil; return s }
        let plain = String(decoding: SessionPage(.init(session: indoor, summary: summary), calendar: .utc, preferences: DisplayPreferences()).html(), as: UTF8.self)
        XCTAssertFalse(plain.contains("class=\"route\""))
        XCTAssertFalse(plain.contains("Power over time"))
        XCTAssertFalse(plain.contains("id=\"exports\""))
    }

    func testManifestRoundTripsAndFingerprintsFollowTheRow() throws {
        var m = ReportManifest()
        m.options = ReportManifest.fingerprint(options: "units=metric")
        m.sessions = [3: 0xdead_beef, 12: 42]
        XCTAssertEqual(ReportManifest(parsing: m.text + "garbage line\n"), m)
        XCTAssertNotEqual(ReportManifest.fingerprint(options: "units=metric"), ReportManifest.fingerprint(options: "units=imperial"))
        var entries = ReportPageTests.entries(count: 2)
        let before = try ReportPageTests.withIndex(entries) { ReportManifest.fingerprint($0.row(1), setCount: 0, lastSetTime: 0) }
        let same = try ReportPageTests.withIndex(entries) { ReportManifest.fingerprint($0.row(1), setCount: 0, lastSetTime: 0) }
        XCTAssertEqual(before, same)
        entries[1].summary.distanceMeters += 1
        let after = try ReportPageTests.withIndex(entries) { ReportManifest.fingerprint($0.row(1), setCount: 0, lastSetTime: 0) }
        XCTAssertNotEqual(before, after)
        XCTAssertNotEqual(before, try ReportPageTests.withIndex(ReportPageTests.entries(count: 2)) { ReportManifest.fingerprint($0.row(1), setCount: 1, lastSetTime: 5) })
    }

    func testNumbersWrittenInPlaceMatchUnitSystem() {
        for v in [0, -0.004, 0.005, 12.345, -3.5, 2.675, 1_234_567.891, 999.9999, -0.0] {
            for decimals in 0...3 {
                var h = XMLText()
                h.number(v, decimals)
                XCTAssertEqual(String(decoding: h.bytes, as: UTF8.self), UnitSystem.fixed(v, decimals), "\(v) \(decimals)")
            }
        }
        for seconds in [0, 59.4, 59.6, 61, 3599.5, 3600, 86_399, 360_000] {
            var h = XMLText()
            h.clock(seconds)
            XCTAssertEqual(String(decoding: h.bytes, as: UTF8.self), UnitSystem.clock(seconds), "\(seconds)")
        }
    }

    func testReportConfigSection() throws {
        XCTAssertNil(PacerConfig().report.directory)
        XCTAssertEqual(try PacerConfig(parsing: "[report]\ndir = /var/lib/pacer/report\n", file: "p").report.directory, "/var/lib/pacer/report")
        XCTAssertNil(try PacerConfig(parsing: "[report]\ndir = off\n", file: "p").report.directory)
        for (bad, key) in [("[report]\ndir = report", "report.dir"), ("[report]\nfolder = /tmp", "report.folder")] {
            XCTAssertThrowsError(try PacerConfig(parsing: bad, file: "p.conf"), bad) { error in
                XCTAssertEqual((error as? ConfigError)?.key, key, bad)
                XCTAssertEqual((error as? ConfigError)?.line, 2, bad)
            }
        }
    }
}
