#if canImport(Glibc)
import Glibc
#endif
@testable import PacerSystem
import XCTest

/// The child processes pacerd runs (weather fetch, outbox export, report): real `/bin/sh`
/// children watched on a real loop, which stops when their exit is reported.
final class WatchedChildProcessTests: XCTestCase {
    /// Runs `loop` until `onExit` stops it; 10 s at most.
    private func runUntilExit(_ arguments: [String], keepingOutputUpTo limit: Int? = nil,
                      _ started: (WatchedChildProcess) -> Void = { _ in }) throws -> WatchedChildProcess.Exit? {
        let loop = EventLoop()
        var reported: WatchedChildProcess.Exit?
        let child = try WatchedChildProcess(arguments: arguments, loop: loop, keepingOutputUpTo: limit) {
            reported = $0
            loop.stop()
        }
        started(child)
        loop.schedule(after: 10) { loop.stop() }
        try loop.run()
        XCTAssertFalse(child.isRunning)
        return reported
    }

    /// A child inherits only its standard descriptors: a descriptor pacerd holds without
    /// close-on-exec (systemd's listening socket) would otherwise live on in it, and a curl
    /// left running by a killed pacerd kept its parent's pipes open for two minutes.
    func testAChildInheritsNoOtherDescriptor() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        XCTAssertEqual(fcntl(fds[1], F_GETFD) & FD_CLOEXEC, 0)
        let child = try ChildProcess(arguments: ["ls", "/proc/self/fd"])
        let listed = String(decoding: try child.readAll(), as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
        XCTAssertEqual(try child.waitForExit(), 0)
        XCTAssertFalse(listed.contains(fds[1]), "\(listed)")
        // 0, 1, 2 and the directory ls reads.
        XCTAssertTrue(listed.allSatisfy { $0 <= 3 }, "\(listed)")
    }

    func testTheStatusAndTheKeptOutputAreReported() throws {
        let exit = try XCTUnwrap(try runUntilExit( ["sh", "-c", "printf 'hello '; printf world; exit 3"], keepingOutputUpTo: 100))
        XCTAssertEqual(exit.status, 3)
        XCTAssertEqual(String(decoding: exit.output, as: UTF8.self), "hello world")
        XCTAssertNil(exit.failure)
    }

    func testOutputIsDroppedWithoutALimit() throws {
        let exit = try XCTUnwrap(try runUntilExit( ["sh", "-c", "echo a summary line"]))
        XCTAssertEqual(exit.status, 0)
        XCTAssertEqual(exit.output, [])
    }

    /// The end of the output comes first; the exit is collected when it comes.
    func testAChildThatClosesItsOutputBeforeExitingIsReapedWhenItExits() throws {
        let exit = try XCTUnwrap(try runUntilExit( ["sh", "-c", "printf x; exec >&-; sleep 0.3; exit 4"], keepingOutputUpTo: 10))
        XCTAssertEqual(exit.status, 4)
        XCTAssertEqual(exit.output, Array("x".utf8))
    }

    func testAChildPrintingMoreThanTheLimitIsKilled() throws {
        let exit = try XCTUnwrap(try runUntilExit( ["yes"], keepingOutputUpTo: 1000))
        XCTAssertEqual(exit.status, 128 + SIGKILL)
        XCTAssertEqual(exit.failure, "yes printed more than 1000 bytes")
    }

    func testKillEndsTheChildAndItsExitIsReported() throws {
        let exit = try XCTUnwrap(try runUntilExit( ["/bin/sleep", "60"]) { $0.kill() })
        XCTAssertEqual(exit.status, 128 + SIGKILL)
        XCTAssertNil(exit.failure)
    }

    /// At shutdown the loop no longer runs: the exit is waited for and reported there and then.
    func testWaitForExitReportsTheExitWithoutTheLoop() throws {
        let loop = EventLoop()
        var statuses: [Int32] = []
        let child = try WatchedChildProcess(arguments: ["sh", "-c", "sleep 0.1; exit 7"], loop: loop) { statuses.append($0.status) }
        child.waitForExit()
        XCTAssertEqual(statuses, [7])
        XCTAssertFalse(child.isRunning)
        child.waitForExit()
        XCTAssertEqual(statuses, [7])
    }

    /// The loop holds the child until it is reaped: an owner may let go of it at once.
    func testAChildNobodyKeepsIsStillReaped() throws {
        let loop = EventLoop()
        var status: Int32?
        _ = try WatchedChildProcess(arguments: ["sh", "-c", "exit 2"], loop: loop) { status = $0.status; loop.stop() }
        loop.schedule(after: 10) { loop.stop() }
        try loop.run()
        XCTAssertEqual(status, 2)
    }

    func testAProgramThatCannotBeStartedThrows() {
        XCTAssertThrowsError(try WatchedChildProcess(arguments: ["/nonexistent/pacerctl"], loop: EventLoop()) { _ in })
    }

}
