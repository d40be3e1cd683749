import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Glibc
import XCTest
import PacerCore
import PacerSystem

/// `pacerctl report` end to end: the built pacerctl over a synthesized journal, every page
/// rendered by Debian's headless Chromium (no console errors, every SVG a real SVG in the
/// DOM, a screenshot that is not blank), bars against `pacerctl stats --json`; the second run
/// rewrites only what changed; pacerd's `[report] dir` makes the pages after a stop.
final class ReportCommandTests: XCTestCase {
    static let config = """
    [goals]
    weekly_distance_km = 40
    daily_distance_km = 5
    [habit run]
    activity = run
    days = mon,wed,fri
    [export]
    dir = /tmp/pacer-report-test-outbox

    """

    /// Debian's chromium, or a skip (a failure under CI).
    static func chromium() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw MissingPrerequisite.error("chromium is not installed (scripts/install-deps installs it)")
    }

    /// Runs headless Chromium on a page: what it printed on stderr and the result (DOM text, or a PNG).
    static func chromium(_ page: URL, _ arguments: [String], profile: URL) throws -> (stdout: Data, stderr: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try chromium())
        // --no-sandbox: the tests may run as root in a container, where Chromium's sandbox cannot start.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile.path,
                             "--enable-logging=stderr", "--v=0", "--hide-scrollbars"] + arguments + [page.absoluteString]
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let out = Pipe(), errURL = profile.deletingLastPathComponent().appendingPathComponent("chromium-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try err.close()
        return (data, (try? String(contentsOf: errURL, encoding: .utf8)) ?? "", process.terminationStatus)
    }

    /// Console messages and script errors Chromium logged: it writes a page's console as
    /// `INFO:CONSOLE:1] "message", source: ...` (checked: a page with `console.error` and an
    /// undefined call gives two such lines).
    static func consoleErrors(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") || $0.contains("Refused to") }
    }

    static func journal(sessions: Int, in directory: URL) throws -> String {
        let journal = directory.appendingPathComponent("journal").path
        let synth = try BuiltBinaries.run("pacerctl", ["journal-synth", "--journal", journal, "--sessions", "\(sessions)", "--samples", "120",
                                                       "--span-days", "100", "--no-sync"])
        XCTAssertEqual(synth.status, 0, synth.stderr)
        return journal
    }

    static func report(_ journal: String, out: URL, config: URL, extra: [String] = []) throws -> String {
        let r = try BuiltBinaries.run("pacerctl", ["report", "--out", out.path, "--journal", journal, "--config", config.path,
                                                   "--today", "2023-04-15"] + extra, environment: ["TZ": "UTC"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdoutText
    }

    /// The `<svg>...</svg>` texts of a page.
    static func svgs(_ html: String) -> [String] {
        html.components(separatedBy: "<svg").dropFirst().map { "<svg" + ($0.components(separatedBy: "</svg>").first ?? "") + "</svg>" }
    }

    /// `(period, value)` of each bar of the chart with that id.
    static func bars(_ html: String, chart id: String) throws -> [(String, Double)] {
        let start = try XCTUnwrap(html.range(of: "id=\"\(id)\""), "no chart \(id)")
        let figure = html[start.upperBound...].components(separatedBy: "</figure>")[0]
        return figure.components(separatedBy: "<rect class=\"bar\" ").dropFirst().map { part in
            func attribute(_ name: String) -> String { part.components(separatedBy: name + "=\"")[1].components(separatedBy: "\"")[0] }
            return (attribute("data-period"), Double(attribute("data-value")) ?? .nan)
        }
    }

    /// The periods a chart shows as `ReportModel` lays them out for 2023-04-15: 12 ISO weeks,
    /// 12 months, and every year (computed here with Foundation's ISO 8601 calendar).
    static func window(_ period: String) -> Set<String> {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = DateComponents(calendar: calendar, year: 2023, month: 4, day: 15).date!
        switch period {
        case "week":
            return Set((0..<12).map { k in
                let d = calendar.date(byAdding: .day, value: -7 * k, to: today)!
                let c = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: d)
                return String(format: "%04d-W%02d", c.yearForWeekOfYear!, c.weekOfYear!)
            })
        case "month":
            return Set((0..<12).map { k in
                let c = calendar.dateComponents([.year, .month], from: calendar.date(byAdding: .month, value: -k, to: today)!)
                return String(format: "%04d-%02d", c.year!, c.month!)
            })
        default:
            return ["2023"]
        }
    }

    func testPagesRenderInChromiumAndBarsMatchStats() throws {
        _ = try ReportCommandTests.chromium()
        let dir = try BuiltBinaries.temporaryDirectory("report")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = try ReportCommandTests.journal(sessions: 60, in: dir)
        let config = dir.appendingPathComponent("pacer.conf")
        try ReportCommandTests.config.write(to: config, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("report")
        XCTAssertEqual(try ReportCommandTests.report(journal, out: out, config: config),
                       "report: index.html, sessions.html and 60 session pages written (0 unchanged, 0 removed) in \(out.path)\n")
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)

        // Bars: one per period with data in the chart's window, each with pacerctl stats' value.
        for period in ["week", "month", "year"] {
            let stats = try BuiltBinaries.run("pacerctl", ["stats", "--by", period, "--journal", journal, "--json"])
            XCTAssertEqual(stats.status, 0, stats.stderr)
            let buckets = try XCTUnwrap(try JSONSerialization.jsonObject(with: stats.stdout) as? [[String: Any]])
                .filter { ReportCommandTests.window(period).contains($0["period"] as! String) }
            XCTAssertFalse(buckets.isEmpty, period)
            for (metric, key, scale) in [("distance", "distance_m", 1000.0), ("calories", "calories_kcal", 1), ("steps", "steps", 1)] {
                let expected = buckets.compactMap { b in (b[key] as? Double).map { (b["period"] as! String, $0 / scale) } }
                let bars = try ReportCommandTests.bars(index, chart: "\(metric)-\(period)")
                XCTAssertEqual(bars.map(\.0), expected.map(\.0), "\(metric) per \(period)")
                for (bar, want) in zip(bars, expected) { XCTAssertEqual(bar.1, want.1, accuracy: 0.0051 * max(1, want.1 / 1000), "\(metric) \(bar.0)") }
            }
        }
        XCTAssertTrue(index.contains("<line class=\"goal\" data-value=\"40.00\""), "the weekly distance goal as a rule")

        // Every page: its SVGs are well-formed XML here and real SVG elements in Chromium's DOM,
        // with no console message or script error; the screenshot is not blank.
        let profile = dir.appendingPathComponent("chromium-profile")
        let pages = ["index.html", "sessions.html", "session-1.html", "session-7.html", "session-60.html"]
        for page in pages {
            let url = out.appendingPathComponent(page)
            let html = try String(contentsOf: url, encoding: .utf8)
            let svgs = ReportCommandTests.svgs(html)
            XCTAssertFalse(page.hasPrefix("session-") && svgs.count < 4, "\(page): \(svgs.count) charts")
            for svg in svgs {
                let parser = XMLParser(data: Data(svg.utf8))
                XCTAssertTrue(parser.parse(), "\(page): an SVG does not parse: \(String(describing: parser.parserError))")
            }
            let dom = try ReportCommandTests.chromium(url, ["--dump-dom"], profile: profile)
            XCTAssertEqual(dom.status, 0, dom.stderr)
            XCTAssertEqual(ReportCommandTests.consoleErrors(dom.stderr), [], page)
            let text = String(decoding: dom.stdout, as: UTF8.self)
            XCTAssertEqual(text.components(separatedBy: "<svg").count - 1, svgs.count, "\(page): Chromium's DOM has every SVG")
            XCTAssertEqual(text.components(separatedBy: "<rect class=\"bar\"").count, html.components(separatedBy: "<rect class=\"bar\"").count, page)
            if page.hasPrefix("session-") {
                XCTAssertTrue(text.contains("<polyline class=\"route\""), page)
                XCTAssertTrue(text.contains("href=\"../../pacer-report-test-outbox/2023-"), "\(page): export links, relative to the report")
            }
            let png = dir.appendingPathComponent(page + ".png")
            let shot = try ReportCommandTests.chromium(url, ["--screenshot=" + png.path, "--window-size=800,1400"], profile: profile)
            XCTAssertEqual(shot.status, 0, shot.stderr)
            XCTAssertEqual(ReportCommandTests.consoleErrors(shot.stderr), [], page)
            let image = try PNGPixels(try Data(contentsOf: png))
            XCTAssertEqual(image.width, 800, page)
            XCTAssertEqual(image.height, 1400, page)
            XCTAssertGreaterThan(image.distinctColours(), 20, "\(page): the screenshot is nearly one colour")
            XCTAssertGreaterThan(image.nonBackgroundFraction, 0.05, "\(page): the screenshot is mostly background")
        }
    }

    func testSecondRunRewritesOnlyWhatChanged() throws {
        let dir = try BuiltBinaries.temporaryDirectory("report-incremental")
        defer { try? FileManager.default.removeItem(at: dir) }
        let journal = try ReportCommandTests.journal(sessions: 20, in: dir)
        let config = dir.appendingPathComponent("pacer.conf")
        try ReportCommandTests.config.write(to: config, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("report")
        _ = try ReportCommandTests.report(journal, out: out, config: config)
        func inode(_ page: String) throws -> UInt64 {
            try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(page).path))[.systemFileNumber] as? UInt64)
        }
        let before = try (1...20).map { try inode("session-\($0).html") }
        XCTAssertEqual(try ReportCommandTests.report(journal, out: out, config: config),
                       "report: index.html, sessions.html and 0 session pages written (20 unchanged, 0 removed) in \(out.path)\n")
        // One new session: its page only (a rewritten page is a new file: the rename replaces it).
        let more = try BuiltBinaries.run("pacerctl", ["journal-synth", "--journal", journal, "--sessions", "1", "--samples", "60", "--no-sync"])
        XCTAssertEqual(more.status, 0, more.stderr)
        XCTAssertEqual(try ReportCommandTests.report(journal, out: out, config: config),
                       "report: index.html, sessions.html and 1 session pages written (20 unchanged, 0 removed) in \(out.path)\n")
        XCTAssertEqual(try (1...20).map { try inode("session-\($0).html") }, before)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("session-21.html").path))
        // A deleted session loses its page; other units make every page again.
        let delete = try BuiltBinaries.run("pacerctl", ["delete", "3", "--yes", "--journal", journal])
        XCTAssertEqual(delete.status, 0, delete.stderr)
        XCTAssertEqual(try ReportCommandTests.report(journal, out: out, config: config),
                       "report: index.html, sessions.html and 0 session pages written (20 unchanged, 1 removed) in \(out.path)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("session-3.html").path))
        XCTAssertEqual(try ReportCommandTests.report(journal, out: out, config: config, extra: ["--units", "imperial"]),
                       "report: index.html, sessions.html and 20 session pages written (0 unchanged, 0 removed) in \(out.path)\n")
        XCTAssertTrue(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8).contains("data-unit=\"mi\""))
        // A page removed by hand is made again; bad options are usage errors.
        try FileManager.default.removeItem(at: out.appendingPathComponent("session-5.html"))
        XCTAssertTrue(try ReportCommandTests.report(journal, out: out, config: config, extra: ["--units", "imperial"]).contains(" and 1 session pages written"))
        for bad in [["--clock", "13"], ["--units", "furlongs"], ["--today", "2023-13-01"]] {
            let r = try BuiltBinaries.run("pacerctl", ["report", "--out", out.path, "--journal", journal] + bad)
            XCTAssertEqual(r.status, 2, "\(bad): \(r.stderr)")
        }
        let r = try BuiltBinaries.run("pacerctl", ["report", "--journal", journal])
        XCTAssertTrue(r.stderr.contains("--out DIR is required"), r.stderr)
    }

    /// pacerd with `[report] dir`: a run recorded through a pty GPS, stopped, and the pages appear.
    func testPacerdMakesTheReportAfterAStop() throws {
        let dir = try BuiltBinaries.temporaryDirectory("report-daemon")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("pages")
        let pty = try RawPTY()
        defer { close(pty.slave) }
        let daemon = try DaemonProcess(config: DaemonGoalsTests.manualStart + "[report]\ndir = \(out.path)\n",
                                       extraArguments: ["--gps", "serial:\(pty.path)@38400"])
        defer { daemon.removeDirectory() }
        let control = try daemon.connect()
        var second = 0
        func feed(_ count: Int) {
            for _ in 0..<count {
                let bytes = DaemonWeatherTests.epoch(second: second, metres: 3.0 * Double(second))
                _ = bytes.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
                second += 1
                usleep(100_000)
            }
        }
        feed(3)
        try control.request(.start(activity: .run))
        let id = try XCTUnwrap(try control.expect(["ACK", "ERROR"])["session"]?.string)
        feed(8)
        try control.request(.stop)
        XCTAssertEqual(try control.expect(["ACK", "ERROR"])["class"]?.string, "ACK")
        // The loop answers at once; the pages follow from the child.
        let deadline = Date().addingTimeInterval(30)
        while !daemon.log.contains("report: \(out.path) made again"), Date() < deadline { usleep(100_000) }
        XCTAssertTrue(daemon.log.contains("report: \(out.path) made again"), daemon.log)
        let page = try String(contentsOf: out.appendingPathComponent("session-\(id).html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<polyline class=\"route\""), page)
        XCTAssertTrue(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8).contains("session-\(id).html"))
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
    }
}
