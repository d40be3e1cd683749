#if canImport(Glibc)
import Glibc
#endif
import PacerCore
@testable import PacerSystem
import Dispatch
import XCTest

/// Deferrable watches (client connections) ride on the wake-ups of the others while those come
/// often (a polling client's every half window), and wake the loop themselves otherwise.
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

    /// A polling client's requests, arriving at different epochs, are read together on an
    /// epoch's wake-up half a window after the set's last full read (one read, and one send for
    /// both replies); another client's request is read on the next epoch's wake-up meanwhile.
    func testAPollingClientsRequestsAreReadTogetherAndAnotherClientsOnTheNextEpoch() throws {
        let (gps, gpsPeer) = try socketPair()
        let (poller, pollerPeer) = try socketPair(), (watcher, watcherPeer) = try socketPair()
        defer { [gps, gpsPeer, poller, pollerPeer, watcher, watcherPeer].forEach { close($0) } }
        let loop = EventLoop()
        loop.deferralWindow = 4
        var epochWakeUps: [Int] = [], reads: [String] = [], pollerWakeUp: Int?, watcherWakeUp: Int?
        loop.watch(gps, .read) { [self] _ in
            drain(gps)
            epochWakeUps.append(loop.wakeUps)
            // A request after each of the first two epochs, and the watcher's after the first.
            if epochWakeUps.count <= 2 { XCTAssertEqual(write(pollerPeer, epochWakeUps.count == 1 ? "a" : "b", 1), 1) }
            if epochWakeUps.count == 1 { XCTAssertEqual(write(watcherPeer, "w", 1), 1) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { _ = write(gpsPeer, "e", 1) }
        }
        loop.watch(poller, .read, deferrable: true) { _ in
            var bytes = [UInt8](repeating: 0, count: 64)
            let n = read(poller, &bytes, bytes.count)
            reads.append(String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self))
            pollerWakeUp = loop.wakeUps
            loop.stop()
        }
        loop.coalesce(poller, true)
        loop.watch(watcher, .read, deferrable: true) { [self] _ in drain(watcher); watcherWakeUp = loop.wakeUps }
        loop.schedule(after: 30) { loop.stop() }
        XCTAssertEqual(write(gpsPeer, "e", 1), 1)
        try loop.run()
        XCTAssertEqual(reads, ["ab"], "both requests in one read")
        XCTAssertGreaterThan(epochWakeUps.count, 2)
        XCTAssertEqual(pollerWakeUp, epochWakeUps.last, "read on an epoch's wake-up, not one of its own")
        XCTAssertEqual(watcherWakeUp, epochWakeUps.dropFirst().first, "the other client's request on the next epoch")
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
