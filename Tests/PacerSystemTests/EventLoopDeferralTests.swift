#if canImport(Glibc)
import Glibc
#endif
import PacerCore
@testable import PacerSystem
import Dispatch
import XCTest

/// Deferrable watches (client connections) ride on the wake-ups of the others while those come
/// often, and wake the loop themselves otherwise.
final class EventLoopDeferralTests: XCTestCase {
    private func drain(_ fd: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        _ = read(fd, &bytes, bytes.count)
    }

    func testARequestWhileTheReceiverStreamsIsServedOnTheNextEpochsWakeUp() throws {
        let (gps, gpsPeer) = try socketPair(), (client, clientPeer) = try socketPair()
        defer { [gps, gpsPeer, client, clientPeer].forEach { close($0) } }
        let loop = EventLoop()
        loop.deferralWindow = 30
        var epochWakeUps: [Int] = [], requestWakeUp: Int?
        loop.watch(gps, .read) { [self] _ in
            drain(gps)
            epochWakeUps.append(loop.wakeUps)
            if epochWakeUps.count == 1 {
                // The request comes between two epochs, from outside the loop.
                XCTAssertEqual(write(clientPeer, "r", 1), 1)
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { _ = write(gpsPeer, "e", 1) }
            }
        }
        loop.watch(client, .read, deferrable: true) { [self] _ in
            drain(client)
            requestWakeUp = loop.wakeUps
            loop.stop()
        }
        loop.schedule(after: 10) { loop.stop() }
        XCTAssertEqual(write(gpsPeer, "e", 1), 1)
        try loop.run()
        XCTAssertEqual(epochWakeUps.count, 2, "the request waited for the second epoch")
        XCTAssertEqual(requestWakeUp, epochWakeUps.last)
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
