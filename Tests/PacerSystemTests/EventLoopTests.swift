#if canImport(Glibc)
import Glibc
#endif
import PacerCore
@testable import PacerSystem
import Dispatch
import XCTest

/// The loop every part of pacerd runs on: readiness from epoll, timers, and timer slack.
final class EventLoopTests: XCTestCase {
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

    /// The end-of-wake-up hook (the journal's fdatasync) runs at the end of every wake-up, after
    /// its handlers and its due timers.
    func testEndOfWakeUpRunsOnceAfterEveryHandlerAndTimerOfTheWakeUp() throws {
        let (a, b) = try socketPair()
        defer { close(a); close(b) }
        let loop = EventLoop()
        var events: [String] = []
        loop.watch(a, .read) { _ in
            var buffer = [UInt8](repeating: 0, count: 8)
            let n = read(a, &buffer, buffer.count)
            events.append("read \(n)")
        }
        loop.endOfWakeUp = { events.append("end") }
        loop.schedule(after: 0.05) {
            events.append("timer")
            XCTAssertEqual(write(b, "xy", 2), 2)
        }
        loop.schedule(after: 0.3) { events.append("stop"); loop.stop() }
        try loop.run()
        // A wake-up a hair before a timer is due (it has nothing to run) adds an "end" of its own.
        let collapsed = events.enumerated().filter { $0.offset == 0 || $0.element != "end" || events[$0.offset - 1] != "end" }.map(\.element)
        XCTAssertEqual(collapsed, ["timer", "end", "read 2", "end", "stop", "end"])
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

/// A connected pair of Unix stream sockets, as the loop's tests use them for peers.
func socketPair() throws -> (Int32, Int32) {
    var fds: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw SystemError("socketpair", errno: errno) }
    return (fds[0], fds[1])
}
