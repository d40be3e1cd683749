import Foundation
import XCTest
import Glibc
import PacerCore
@testable import PacerSystem

/// The serial source on a real pty pair: every fix of a 10 Hz stream comes out as the
/// decoder makes it from the same bytes; a hang-up is a device loss, and the source
/// resumes when the device (a new pty behind the same symlink) comes back.
final class SerialGPSSourceTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "pacer-serial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// What `pacerctl parse` makes of the same bytes: the decoder's position fixes, finished.
    static func decodedFixes(_ bytes: [UInt8]) -> [GNSSFix] {
        var decoder = NMEADecoder()
        var fixes: [GNSSFix] = []
        bytes.withUnsafeBytes { decoder.decode($0) { fixes.append($0) } }
        decoder.finish { fixes.append($0) }
        return fixes.filter(\.hasPosition)
    }

    func testTenHertzStreamHangUpAndResumeOnItsOwnThread() throws {
        try tenHertzStreamHangUpAndResume { source, recorder in
            source.start { recorder.record($0) }
            return { source.stop() }
        }
    }

    /// The same on an event loop, as pacerd runs it.
    func testTenHertzStreamHangUpAndResumeOnAnEventLoop() throws {
        try tenHertzStreamHangUpAndResume { source, recorder in
            let driver = try LoopDrivenSource(source, recorder: recorder)
            return { driver.stop() }
        }
    }

    /// `run` starts the source and returns how to stop it.
    private func tenHertzStreamHangUpAndResume(run: (GPSSource, EventRecorder) throws -> () -> Void) throws {
        let link = directory + "/gps"
        var pty = try PseudoTerminal()
        try pty.link(at: link)
        let recorder = EventRecorder()
        let options = GPSSourceOptions(fixTimeout: 0.5, backoff: ReconnectBackoff(initialSeconds: 0.05, factor: 2, maximumSeconds: 0.2))
        let source = GPSSource(spec: .serial(path: link, baudRate: 9600), options: options)
        let stop = try run(source, recorder)
        defer { stop() }
        XCTAssertTrue(recorder.wait { $0.contains { if case .deviceOpened(let i) = $0 { return i.baudRate == 9600 } else { return false } } })

        var generator = NMEAEpochGenerator()
        var first: [UInt8] = []
        for _ in 0..<30 {
            let epoch = generator.next()
            first += epoch
            pty.write(epoch)
            usleep(100_000)
        }
        let expectedFirst = Self.decodedFixes(first)
        XCTAssertEqual(expectedFirst.count, 30)
        XCTAssertTrue(recorder.wait { EventRecorder.fixes(in: $0).count >= 30 }, "got \(recorder.fixes.count) fixes")

        pty.close()
        XCTAssertTrue(recorder.wait { $0.contains { if case .deviceLost = $0 { return true } else { return false } } })
        XCTAssertEqual(recorder.fixes, expectedFirst, "every fix out, equal to the decoder's")

        // The device comes back (a new pty behind the same name, as udev would do it).
        pty = try PseudoTerminal()
        try pty.link(at: link)
        XCTAssertTrue(recorder.wait { $0.contains { if case .deviceResumed = $0 { return true } else { return false } } })
        var second: [UInt8] = []
        for _ in 0..<10 {
            let epoch = generator.next()
            second += epoch
            pty.write(epoch)
            usleep(100_000)
        }
        let expectedSecond = Self.decodedFixes(second)
        XCTAssertTrue(recorder.wait { EventRecorder.fixes(in: $0).count >= 40 }, "got \(recorder.fixes.count) fixes")
        XCTAssertEqual(Array(recorder.fixes.dropFirst(30).prefix(9)), Array(expectedSecond.prefix(9)))

        // Silence on an open device is a lost fix, not a lost device.
        XCTAssertTrue(recorder.wait { $0.last == .fixLost })
        let kinds = recorder.events.compactMap { event -> String? in
            switch event {
            case .deviceOpened: return "opened"
            case .deviceLost: return "lost"
            case .deviceResumed: return "resumed"
            case .fixLost: return "fixLost"
            default: return nil
            }
        }
        XCTAssertEqual(kinds, ["opened", "lost", "resumed", "fixLost"])
        let counters = source.counters
        XCTAssertEqual(counters[.deviceLosses], 1)
        XCTAssertEqual(counters[.badChecksums], 0)
        XCTAssertEqual(counters[.sentences], 120)
        XCTAssertGreaterThanOrEqual(counters[.fixes], 40)
        pty.close()
    }

    func testGarbageBetweenSentencesIsCountedAndSkipped() throws {
        let pty = try PseudoTerminal()
        let recorder = EventRecorder()
        let source = GPSSource(spec: .serial(path: pty.slavePath, baudRate: 4800))
        source.start { recorder.record($0) }
        defer { source.stop() }
        XCTAssertTrue(recorder.wait { !$0.isEmpty })
        var generator = NMEAEpochGenerator()
        var bytes: [UInt8] = []
        for i in 0..<5 {
            bytes += generator.next()
            bytes += Array("\u{1}\u{2}noise\(i)".utf8)
            var broken = generator.next()
            broken[10] ^= 0x01 // a flipped bit in the first sentence: bad checksum
            bytes += broken
        }
        pty.write(bytes)
        let expected = Self.decodedFixes(bytes)
        XCTAssertTrue(recorder.wait { EventRecorder.fixes(in: $0).count >= expected.count - 1 })
        XCTAssertTrue(recorder.wait { _ in source.counters[.badChecksums] == 5 }, "\(source.counters)")
        XCTAssertGreaterThan(source.counters[.junkBytes], 0)
        XCTAssertEqual(Array(recorder.fixes.prefix(expected.count - 1)), Array(expected.prefix(expected.count - 1)))
    }
}
