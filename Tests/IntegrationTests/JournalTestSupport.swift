import Foundation
import XCTest

/// Inputs and tools for the journal tests: a simulator scenario (generated at test time by
/// `sim/scenario.py`) and the Python venv with Garmin's FIT SDK, gpxpy and lxml that
/// `scripts/install-deps` creates in `.build/pyenv`.
enum JournalTestSupport {
    /// Writes scenario `name` (NMEA + BLE log) into `directory`; returns the NMEA and BLE paths.
    static func scenario(_ name: String, in directory: URL) throws -> (nmea: String, ble: String) {
        let r = try runTool("/usr/bin/python3", [BuiltBinaries.projectRoot.appendingPathComponent("sim/scenario.py").path, name,
                                                 "--out", directory.path, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return (directory.appendingPathComponent("\(name).nmea").path, directory.appendingPathComponent("\(name).ble").path)
    }

    static var python: String { BuiltBinaries.projectRoot.appendingPathComponent(".build/pyenv/bin/python").path }

    static func requirePython() throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            XCTFail("\(python) is missing: run scripts/install-deps (it creates the venv with garmin-fit-sdk, gpxpy, lxml)")
            throw XCTSkip("no venv")
        }
    }

    static func json(_ data: Data) throws -> Any { try JSONSerialization.jsonObject(with: data) }
}
