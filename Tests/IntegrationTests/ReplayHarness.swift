import Foundation
import PacerCore
import XCTest

/// Runs the simulator and the converter (sim/, /usr/bin/python3) into a temporary folder and
/// `pacerctl replay` over their output, for the accuracy tables.
enum ReplayHarness {
    /// Runs a python script of sim/ with /usr/bin/python3; fails the test on a non-zero exit.
    static func python(_ script: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [BuiltBinaries.projectRoot.appendingPathComponent("sim/\(script)").path] + arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "sim", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(script) \(arguments): " + String(decoding: message, as: UTF8.self)])
        }
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    /// `pacerctl replay --json` over a recording; the parsed summary object.
    static func replay(nmea: URL, ble: URL?, config: URL?, activity: String) throws -> [String: Any] {
        var args = ["replay", "--nmea", nmea.path, "--activity", activity, "--json"]
        if let ble { args += ["--ble", ble.path] }
        if let config { args += ["--config", config.path] }
        let result = try BuiltBinaries.run("pacerctl", args)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
    }

    /// Every raw fix with a position in a recording, as the decoder gives them.
    static func positionFixes(nmea: URL) throws -> [GNSSFix] {
        let data = try Data(contentsOf: nmea)
        var decoder = NMEADecoder()
        var fixes: [GNSSFix] = []
        data.withUnsafeBytes { decoder.decode($0) { fixes.append($0) } }
        decoder.finish { fixes.append($0) }
        return fixes.filter(\.hasPosition)
    }

    /// The naive tracker: haversine summed between consecutive raw fixes with a position.
    static func naiveDistance(nmea: URL) throws -> Double {
        let fixes = try positionFixes(nmea: nmea)
        return zip(fixes, fixes.dropFirst()).reduce(0) { total, pair in
            total + Geodesy.haversine(latitude1: pair.0.latitude!, longitude1: pair.0.longitude!,
                                      latitude2: pair.1.latitude!, longitude2: pair.1.longitude!)
        }
    }

    /// The time of the last dated fix in NMEA text.
    static func lastFixTime(_ text: String) -> UTCTime? {
        var decoder = NMEADecoder()
        var last: UTCTime?
        Array(text.utf8).withUnsafeBytes { decoder.decode($0) { if let t = $0.time, $0.hasPosition { last = t } } }
        decoder.finish { if let t = $0.time, $0.hasPosition { last = t } }
        return last
    }

    /// The naive elevation gain: every rise between consecutive raw altitudes, summed.
    static func naiveGain(nmea: URL) throws -> Double {
        let altitudes = try positionFixes(nmea: nmea).compactMap(\.altitudeMSL)
        return zip(altitudes, altitudes.dropFirst()).reduce(0) { $0 + max(0, $1.1 - $1.0) }
    }

    /// The recording's own speed over ground integrated in time (trapezoids between fixes):
    /// what any tracker that trusts the receiver's speed must come out at.
    static func speedIntegral(nmea: URL) throws -> Double {
        let samples = try positionFixes(nmea: nmea).compactMap { fix in
            fix.time.flatMap { t in fix.speed.map { (ms: t.millisecondsSinceEpoch, speed: $0) } }
        }
        return zip(samples, samples.dropFirst()).reduce(0) { total, pair in
            let (a, b) = pair
            return b.ms > a.ms ? total + Double(b.ms - a.ms) / 1000 * (a.speed + b.speed) / 2 : total
        }
    }

    static func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

    static func fixed(_ v: Double?, _ decimals: Int = 1) -> String {
        guard let v else { return "null" }
        return String(format: "%.\(decimals)f", v)
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}
