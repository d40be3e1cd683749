import Foundation
import Glibc
import XCTest
import PacerCore
@testable import PacerSystem

/// The gpsd source through libgps against a real gpsd reading a pty: the positions it
/// reports are those `pacerctl parse` decodes from the same recording (within 1e-7 deg),
/// and a gpsd killed and restarted is reported lost, then resumed.
final class GPSDSourceTests: XCTestCase {
    private var directory = ""
    private var gpsd: GPSDProcess?
    private var pty: PseudoTerminal?

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd") else {
            throw MissingPrerequisite.error("gpsd is not installed: run scripts/install-deps")
        }
        directory = NSTemporaryDirectory() + "pacer-gpsd-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        gpsd?.stop()
        pty?.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Consecutive distinct positions: gpsd may report an epoch more than once.
    static func track(_ fixes: [GNSSFix]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for f in fixes {
            guard let lat = f.latitude, let lon = f.longitude else { continue }
            if let last = out.last, abs(last.0 - lat) < 1e-9, abs(last.1 - lon) < 1e-9 { continue }
            out.append((lat, lon))
        }
        return out
    }

    func testPositionsEqualParseAndGPSDRestartResumes() throws {
        let recording = BuiltBinariesCorpus.url("gpsd/gpslim236.log")
        let bytes = try [UInt8](Data(contentsOf: recording))
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: true).filter { $0.first == UInt8(ascii: "$") }
        let expected = Self.track(SerialGPSSourceTests.decodedFixes(bytes))
        XCTAssertGreaterThanOrEqual(expected.count, 15)

        let pty = try PseudoTerminal()
        self.pty = pty
        let gpsd = GPSDProcess(devicePath: pty.slavePath, port: try GPSDProcess.freePort(), directory: directory)
        self.gpsd = gpsd
        try gpsd.start()

        let recorder = EventRecorder()
        let options = GPSSourceOptions(fixTimeout: 2, backoff: ReconnectBackoff(initialSeconds: 0.05, factor: 2, maximumSeconds: 0.2))
        let source = GPSSource(spec: .gpsd(host: "127.0.0.1", port: gpsd.port), options: options)
        source.start { recorder.record($0) }
        defer { source.stop() }
        XCTAssertTrue(recorder.wait { $0.contains { if case .deviceOpened = $0 { return true } else { return false } } })

        // The recording, twice (gpsd needs a few sentences to recognise the device), line by line.
        for _ in 0..<2 {
            for line in lines {
                pty.write(Array(line) + [10])
                usleep(10_000)
            }
        }
        let wanted = expected.count
        XCTAssertTrue(recorder.wait(timeout: 15) { Self.track(EventRecorder.fixes(in: $0)).count >= wanted })
        let got = Self.track(recorder.fixes)
        // Every position gpsd reported is one parse decoded, in order, within 1e-7 degrees.
        var cursor = 0
        var matched = 0
        for (lat, lon) in got {
            var found = false
            for step in 0..<expected.count {
                let candidate = expected[(cursor + step) % expected.count]
                if abs(candidate.0 - lat) <= 1e-7, abs(candidate.1 - lon) <= 1e-7 {
                    cursor = (cursor + step + 1) % expected.count
                    found = true
                    break
                }
            }
            XCTAssertTrue(found, "gpsd reported \(lat), \(lon), which parse never decoded")
            if found { matched += 1 }
        }
        XCTAssertGreaterThanOrEqual(matched, expected.count)
        let withSatellites = recorder.fixes.filter { $0.satellitesUsed != nil && $0.hdop != nil }
        XCTAssertFalse(withSatellites.isEmpty, "satellites and DOPs come through from SKY reports")

        // gpsd dies: device lost. It comes back on the same port: resumed, fixes flow again.
        gpsd.stop()
        XCTAssertTrue(recorder.wait { $0.contains { if case .deviceLost = $0 { return true } else { return false } } })
        try gpsd.start()
        XCTAssertTrue(recorder.wait { $0.contains { if case .deviceResumed = $0 { return true } else { return false } } })
        let before = recorder.fixes.count
        for line in lines {
            pty.write(Array(line) + [10])
            usleep(10_000)
        }
        XCTAssertTrue(recorder.wait(timeout: 15) { EventRecorder.fixes(in: $0).count > before + 5 })
        XCTAssertGreaterThan(source.counters[.gpsdReports], 0)
        XCTAssertEqual(source.counters[.deviceLosses], 1)
    }
}

/// The shared corpus beside the project (`../shared/corpus`), as CI lays it out.
enum BuiltBinariesCorpus {
    static func url(_ relative: String) -> URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/corpus").appendingPathComponent(relative)
    }
}
