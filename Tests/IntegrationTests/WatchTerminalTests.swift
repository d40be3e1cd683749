import Foundation
import Glibc
import XCTest
import PacerCore

/// `pacerctl watch` on a real terminal (a pty as its stdout): it takes the alternate screen, draws
/// big numbers, redraws in place as STATEs arrive (cursor home, never scrolling), shows events in
/// words, and Ctrl-C (SIGINT) gives the terminal back and exits 0.
final class WatchTerminalTests: XCTestCase {
    func testFullScreenRedrawsInPlaceAndCtrlCRestoresTheTerminal() throws {
        let recording = BuiltBinaries.corpus.appendingPathComponent("gpsd/bu353s4.log").path
        let daemon = try DaemonProcess(extraArguments: ["--gps", "file:\(recording)"])
        defer { daemon.stop(); daemon.removeDirectory() }

        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        XCTAssertEqual(openpty(&master, &slave, nil, nil, &size), 0)
        defer { close(master) }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        let watch = Process()
        watch.executableURL = try BuiltBinaries.url("pacerctl")
        watch.arguments = ["watch", "--socket", daemon.socketPath, "--clock", "24"]
        watch.standardOutput = terminal
        watch.standardInput = terminal
        watch.standardError = terminal
        try watch.run()
        defer { if watch.isRunning { watch.terminate() } }
        try terminal.close()

        var screen: [UInt8] = []
        func read(for seconds: Double) {
            let end = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while Date() < end {
                var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 100) > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                screen += buffer[0..<n]
            }
        }
        // Three STATEs at least (one a second), with the GPS recording playing meanwhile, and a
        // session started from another client half-way.
        read(for: 1.5)
        let start = try BuiltBinaries.run("pacerctl", ["start", "--socket", daemon.socketPath])
        XCTAssertEqual(start.status, 0, start.stderr)
        read(for: 2)
        kill(watch.processIdentifier, SIGINT)
        read(for: 1)
        watch.waitUntilExit()
        XCTAssertEqual(watch.terminationStatus, 0)

        let text = String(decoding: screen, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(WatchScreen.enter), "alternate screen first")
        XCTAssertTrue(text.hasSuffix(WatchScreen.leave), "terminal restored last")
        let frames = text.components(separatedBy: "\u{1B}[H").dropFirst()
        XCTAssertGreaterThanOrEqual(frames.count, 3, "redrawn in place at every STATE")
        let last = try XCTUnwrap(frames.last)
        XCTAssertTrue(last.contains("TIME") && last.contains("HEART RATE"), last)
        XCTAssertTrue(last.contains("███"), "big digits")
        XCTAssertTrue(last.contains("GPS     3D fix"), last)
        XCTAssertTrue(last.contains(" run started"), "the session_started event, in words: \(last)")
        // The receiver of this capture stands still: 3 s after the start auto-pause may have
        // come (dated back to the start), and the last frame shows either phase of the session.
        XCTAssertTrue(last.contains("run · recording") || last.contains("run · autopaused"), last)
    }
}
