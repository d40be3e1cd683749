import Foundation
import Glibc
import XCTest
import PacerCore
@testable import PacerSystem

/// Autobaud on a real pty. A pty passes bytes whatever speed is set, so the writer plays
/// a GPS wired at a fixed rate: before each epoch it reads the speed the reader set on
/// the pty (master and slave share one termios) and, unless it equals the GPS's rate,
/// writes what a UART at that speed would receive (`UARTLineSimulator`), as a real line does.
final class AutobaudTests: XCTestCase {
    func testPicks4800() throws { try checkAutobaud(deviceRate: 4800) }
    func testPicks115200() throws { try checkAutobaud(deviceRate: 115_200) }

    func testSimulatorGarblesOnlyAtTheWrongRate() {
        var generator = NMEAEpochGenerator()
        let epoch = generator.next()
        XCTAssertEqual(UARTLineSimulator.receive(epoch, senderRate: 4800, receiverRate: 4800), epoch)
        for rate in [9600, 38400, 115_200] {
            let garbled = UARTLineSimulator.receive(epoch, senderRate: 4800, receiverRate: rate)
            XCTAssertNotEqual(garbled, epoch)
            var decoder = NMEADecoder()
            garbled.withUnsafeBytes { decoder.decode($0) { _ in } }
            XCTAssertEqual(decoder.counters[.accepted], 0, "no valid sentence survives \(rate) baud")
        }
    }

    private func checkAutobaud(deviceRate: Int) throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let stop = StopFlag()
        let writer = Thread {
            var generator = NMEAEpochGenerator()
            while !stop.isSet {
                let epoch = generator.next()
                let heard = pty.slaveInputRate ?? 0
                pty.write(UARTLineSimulator.receive(epoch, senderRate: deviceRate, receiverRate: heard))
                usleep(100_000)
            }
            stop.finished()
        }
        writer.start()
        defer { stop.set(); stop.waitFinished() }

        let recorder = EventRecorder()
        // A 10 Hz writer shows a right rate within a few epochs: a shorter window keeps the test quick.
        let options = GPSSourceOptions(autobaud: AutobaudSearch(windowSeconds: 1))
        let source = GPSSource(spec: .serial(path: pty.slavePath, baudRate: nil), options: options)
        source.start { recorder.record($0) }
        defer { source.stop() }
        XCTAssertTrue(recorder.wait(timeout: 30) { $0.contains { if case .deviceOpened = $0 { return true } else { return false } } })
        let opened = recorder.events.compactMap { if case .deviceOpened(let info) = $0 { return info } else { return nil } }.first
        XCTAssertEqual(opened?.baudRate, deviceRate)
        XCTAssertEqual(opened?.description, "serial:\(pty.slavePath)@\(deviceRate)")
        XCTAssertEqual(pty.slaveInputRate, deviceRate)
        let rejected = AutobaudSearch.commonRates.firstIndex(of: deviceRate)!
        XCTAssertEqual(source.counters[.rejectedBaudRates], rejected, "each faster-listed rate tried once and rejected")
        XCTAssertTrue(recorder.wait { EventRecorder.fixes(in: $0).count >= 3 }, "fixes flow at the detected rate")
        let c = source.counters
        XCTAssertGreaterThan(c[.junkBytes] + c[.badChecksums], 0, "the wrong rates' garbage is counted")
    }
}

/// A flag the test thread sets and the writer thread polls, and the writer's exit signal.
final class StopFlag: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var done = false
    var isSet: Bool { condition.lock(); defer { condition.unlock() }; return stopped }
    func set() { condition.lock(); stopped = true; condition.unlock() }
    func finished() { condition.lock(); done = true; condition.broadcast(); condition.unlock() }
    func waitFinished() { condition.lock(); while !done { condition.wait() }; condition.unlock() }
}
