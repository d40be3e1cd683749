#if canImport(Glibc)
import Glibc
#endif
import PacerCore
@testable import PacerSystem
import Dispatch
import XCTest

/// The loop every part of pacerd runs on: readiness from epoll, timers, and timer slack.
final class EventLoopTests: XCTestCase {
    private func socketPair() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw SystemError("socketpair", errno: errno) }
        return (fds[0], fds[1])
    }

    func testReadinessChangesOfInterestAndUnwatch() throws {
        let (a, b) = try socketPair()
        defer { close(a); close(b) }
        let loop = EventLoop()
        var events: [String] = []
        loop.watch(a, .read) { ready in
            var one: UInt8 = 0
            if ready.readable, read(a, &one, 1) == 1 { events.append("read \(Character(UnicodeScalar(one)))") }
            if ready.writable { events.append("writable"); loop.setInterest(a, .read) }
            if events.count == 3 { loop.stop() }
        }
        XCTAssertEqual(write(b, "x", 1), 1)
        loop.schedule(after: 0.05) {
            loop.setInterest(a, [.read, .write])
            XCTAssertEqual(write(b, "y", 1), 1)
        }
        loop.schedule(after: 5) { loop.stop() }
        try loop.run()
        XCTAssertEqual(events, ["read x", "read y", "writable"])

        // Unwatched: bytes waiting on the descriptor no longer call its handler.
        loop.unwatch(a)
        XCTAssertEqual(write(b, "z", 1), 1)
        loop.schedule(after: 0.1) { loop.stop() }
        try loop.run()
        XCTAssertEqual(events.count, 3)
    }

    func testAPeerClosingIsAHangup() throws {
        let (a, b) = try socketPair()
        defer { close(a) }
        let loop = EventLoop()
        var hangups = 0
        loop.watch(a, .read) { ready in
            if ready.hangup { hangups += 1; loop.unwatch(a); loop.stop() }
        }
        close(b)
        loop.schedule(after: 5) { loop.stop() }
        try loop.run()
        XCTAssertEqual(hangups, 1)
    }

    /// epoll refuses regular files; poll(2) called them always ready. Either way the owner must
    /// hear of it rather than wait forever: the loop reports a hang-up.
    func testADescriptorEpollRefusesIsReportedAsHungUp() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("eventloop-\(getpid())").path
        let fd = open(path, O_RDWR | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd); unlink(path) }
        let loop = EventLoop()
        var hangup = false
        loop.watch(fd, .read) { ready in hangup = ready.hangup; loop.unwatch(fd); loop.stop() }
        loop.schedule(after: 5) { loop.stop() }
        try loop.run()
        XCTAssertTrue(hangup)
    }

    /// A timer with slack runs at the first wake-up inside its window, not at its own.
    func testATimerWithSlackRidesOnAnEarlierWakeUp() throws {
        let (a, b) = try socketPair()
        defer { close(a); close(b) }
        let loop = EventLoop()
        var order: [String] = []
        var tickAt: MonotonicInstant?
        loop.watch(a, .read) { _ in
            var one: UInt8 = 0
            _ = read(a, &one, 1)
            order.append("byte")
        }
        let start = Clocks.monotonic()
        loop.schedule(after: 0.1, slack: 10) { order.append("tick"); tickAt = Clocks.monotonic(); loop.stop() }
        // From outside the loop, as a receiver's bytes come.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { _ = write(b, "x", 1) }
        loop.schedule(after: 20) { loop.stop() }
        try loop.run()
        XCTAssertEqual(order, ["byte", "tick"])
        // Well before the end of its 10 s window: it ran on the byte's wake-up at ~0.3 s.
        XCTAssertLessThan(try XCTUnwrap(tickAt).nanoseconds - start.nanoseconds, 5_000_000_000)
    }

    /// With nothing else waking the loop, a timer with slack runs at the end of its window.
    func testATimerWithSlackStillRunsAlone() throws {
        let loop = EventLoop()
        var ran = 0
        loop.schedule(after: 0.05, repeating: 0.05, slack: 0.05) {
            ran += 1
            if ran == 3 { loop.stop() }
        }
        loop.schedule(after: 10) { loop.stop() }
        try loop.run()
        XCTAssertEqual(ran, 3)
    }
}

/// Deferrable watches (client connections) ride on the wake-ups of the others while those come
/// often, and wake the loop themselves otherwise.
final class EventLoopDeferralTests: XCTestCase {
    private func socketPair() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw SystemError("socketpair", errno: errno) }
        return (fds[0], fds[1])
    }

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
