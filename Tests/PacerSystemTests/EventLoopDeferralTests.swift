#if canImport(Glibc)
import Glibc
#endif
import PacerCore
@testable import PacerSystem
import Dispatch
import XCTest

/// Deferrable watches (client connections) ride on the wake-ups of the others while those come
/// often, every half window, and wake the loop themselves otherwise.
final class EventLoopDeferralTests: XCTestCase {
    private func drain(_ fd: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        _ = read(fd, &bytes, bytes.count)
    }

    /// Two requests that arrive at different epochs are read together, on an epoch's wake-up
    /// half a window after the set was last read: one read, and one send for both replies.
    func testRequestsWhileTheReceiverStreamsAreReadTogetherOnAnEpochsWakeUp() throws {
        let (gps, gpsPeer) = try socketPair(), (client, clientPeer) = try socketPair()
        defer { [gps, gpsPeer, client, clientPeer].forEach { close($0) } }
        let loop = EventLoop()
        loop.deferralWindow = 4
        var epochWakeUps: [Int] = [], reads: [String] = [], readWakeUp: Int?
        loop.watch(gps, .read) { [self] _ in
            drain(gps)
            epochWakeUps.append(loop.wakeUps)
            // A request after each of the first two epochs, from outside the loop.
            if epochWakeUps.count <= 2 { XCTAssertEqual(write(clientPeer, epochWakeUps.count == 1 ? "a" : "b", 1), 1) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { _ = write(gpsPeer, "e", 1) }
        }
        loop.watch(client, .read, deferrable: true) { _ in
            var bytes = [UInt8](repeating: 0, count: 64)
            let n = read(client, &bytes, bytes.count)
            reads.append(String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self))
            readWakeUp = loop.wakeUps
            loop.stop()
        }
        loop.schedule(after: 30) { loop.stop() }
        XCTAssertEqual(write(gpsPeer, "e", 1), 1)
        try loop.run()
        XCTAssertEqual(reads, ["ab"], "both requests in one read")
        XCTAssertGreaterThan(epochWakeUps.count, 2)
        XCTAssertEqual(readWakeUp, epochWakeUps.last, "read on an epoch's wake-up, not one of its own")
    }

    func testARequestWithNoReceiverStreamingWakesTheLoopAtOnce() throws {
        let (client, clientPeer) = try socketPair()
        defer { close(client); close(clientPeer) }
        let loop = EventLoop()
        loop.deferralWindow = 30
        var served = false
        loop.watch(client, .read, deferrable: true) { [self] _ in drain(client); served = true; loop.stop() }
        // Well inside the 30 s window: only a prompt wake-up can have served it.
        loop.schedule(after: 10) { loop.stop() }
        XCTAssertEqual(write(clientPeer, "r", 1), 1)
        try loop.run()
        XCTAssertTrue(served)
    }

    func testARequestAfterTheReceiverFellSilentWaitsNoLongerThanTheWindow() throws {
        let (gps, gpsPeer) = try socketPair(), (client, clientPeer) = try socketPair()
        defer { [gps, gpsPeer, client, clientPeer].forEach { close($0) } }
        let loop = EventLoop()
        loop.deferralWindow = 0.3
        var served = false
        loop.watch(gps, .read) { [self] _ in
            drain(gps)
            // The last epoch: a request follows, and no epoch after it.
            XCTAssertEqual(write(clientPeer, "r", 1), 1)
        }
        loop.watch(client, .read, deferrable: true) { [self] _ in drain(client); served = true; loop.stop() }
        loop.schedule(after: 10) { loop.stop() }
        XCTAssertEqual(write(gpsPeer, "e", 1), 1)
        try loop.run()
        XCTAssertTrue(served)
    }
}
