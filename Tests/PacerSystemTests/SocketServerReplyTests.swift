#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PacerCore
@testable import PacerSystem
import XCTest

/// The replies to the requests of one read are held and sent together (one sendmsg). Whatever
/// their number and size, a client gets every reply, whole and in order: past the 64 buffers
/// one call takes, past the kernel's send buffer, and through the queue when the kernel takes
/// only part of them.
final class SocketServerReplyTests: XCTestCase {
    /// A server on a fresh socket in its own loop, for `body` to drive and run.
    private func withServer<T>(window: Double = 0, _ body: (EventLoop, SocketServer, _ path: String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-server-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s.sock").path
        let listener = try UnixListeningSocket.bind(path: path, mode: 0o600, groupID: nil)
        defer { close(listener) }
        let loop = EventLoop()
        loop.deferralWindow = window
        let server = SocketServer(listening: listener, loop: loop)
        server.needsDatabaseGroups = { _ in false }
        defer { server.shutdown() }
        return try body(loop, server, path)
    }

    /// Serves requests "N:SIZE" with a reply of SIZE bytes, "N:" and filler and a newline, and
    /// requests "sN:SIZE" with the `SharedReply` of that size, "s:" and filler (the same bytes
    /// for every such request, as the SESSIONS listing); the client sends every request in one
    /// write and reads until all replies are in.
    private func replies(to sizes: [Int], shared: Set<Int> = []) throws -> [String] {
        try withServer { loop, server, path in
            var sharedReplies: [Int: SharedReply] = [:]
            server.onLine = { client, framed in
                guard case .line(let request) = framed else { return XCTFail("oversized request") }
                let text = String(decoding: request, as: UTF8.self)
                let size = Int(text.split(separator: ":")[1])!
                if text.hasPrefix("s") {
                    let head = Array("s:".utf8)
                    let reply = sharedReplies[size] ?? SharedReply(head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - 1) + [10])
                    XCTAssertGreaterThanOrEqual(reply.fd, 0, "memfd_create")
                    sharedReplies[size] = reply
                    server.send(reply, to: client)
                    return
                }
                let head = Array("\(text.split(separator: ":")[0]):".utf8)
                server.send(head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - 1) + [10], to: client)
            }
            let client = try UnixSocketConnection(path: path)
            let requests = sizes.enumerated().map { "\(shared.contains($0.offset) ? "s" : "")\($0.offset):\($0.element)\n" }.joined()
            try client.send(Array(requests.utf8))
            var received: [UInt8] = []
            let expected = sizes.reduce(0, +)
            // The client reads only from the loop's thread, a little at a time, as a slow frontend.
            loop.schedule(after: 0.01, repeating: 0.01) {
                var chunk = [UInt8](repeating: 0, count: 32 * 1024)
                let n = recv(client.fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                if n > 0 { received += chunk.prefix(n) }
                if received.count >= expected { loop.stop() }
            }
            loop.schedule(after: 60) { loop.stop() }
            try loop.run()
            return received.split(separator: 10, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        }
    }

    private func check(_ sizes: [Int], shared: Set<Int> = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let lines = try replies(to: sizes, shared: shared)
        XCTAssertEqual(lines.count, sizes.count, file: file, line: line)
        for (i, reply) in lines.enumerated() {
            let head = shared.contains(i) ? "s:" : "\(i):"
            XCTAssertTrue(reply.hasPrefix(head), "reply \(i) starts \(reply.prefix(12))", file: file, line: line)
            XCTAssertEqual(reply.utf8.count + 1, sizes[i], "reply \(i)", file: file, line: line)
        }
    }

    func testTwoLargeRepliesAndASmallOneInOrder() throws {
        try check([70_000, 70_000, 100])
    }

    func testMoreRepliesThanOneCallTakes() throws {
        try check(Array(repeating: 500, count: 300))
    }

    func testRepliesLargerThanTheKernelsBufferGoOutAsTheClientReads() throws {
        try check([100_000, 120_000, 90_000, 150_000, 20])
    }

    /// Shared replies go out from their memory file, two copies per call, between and after
    /// others, past the kernel's buffer and through the queue: the client still gets every
    /// reply whole and in order.
    func testSharedRepliesAmongOthersInOrder() throws {
        try check([70_000, 70_000, 100, 70_000, 70_000, 70_000, 200_000, 500, 500, 70_000],
                  shared: [0, 1, 3, 4, 5, 7, 8])
        try check(Array(repeating: 66_743, count: 9) + [20], shared: Set(0..<9))
    }

    /// Sends one request, then one after each of `gaps` seconds, each read on its own; returns
    /// whether the server then takes the client for a poller (its readiness coalesced).
    private func coalescedAfterRequests(window: Double, gaps: [Double]) throws -> Bool {
        try withServer(window: window) { loop, server, path in
            // Epochs every 50 ms, as a receiver streaming: requests ride on their wake-ups.
            let (gps, gpsPeer) = try socketPair()
            defer { close(gps); close(gpsPeer) }
            loop.watch(gps, .read) { _ in
                var bytes = [UInt8](repeating: 0, count: 64)
                _ = Glibc.read(gps, &bytes, bytes.count)
            }
            loop.schedule(after: 0.05, repeating: 0.05) { _ = write(gpsPeer, "e", 1) }
            var read = 0
            server.onLine = { client, _ in
                read += 1
                server.send(Array("ok\n".utf8), to: client)
                if read == gaps.count + 1 { loop.stop() }
            }
            let client = try UnixSocketConnection(path: path)
            var due = 0.0
            for gap in [0] + gaps {
                due += gap
                loop.schedule(after: due) { do { try client.send(Array("r\n".utf8)) } catch { XCTFail("send: \(error)") } }
            }
            loop.schedule(after: 60) { loop.stop() }
            try loop.run()
            XCTAssertEqual(read, gaps.count + 1)
            let fd = try XCTUnwrap(server.clients.keys.first)
            return loop.isCoalesced(fd)
        }
    }

    func testAClientAskingFasterThanTheWindowIsReadWithTheOthersPolls() throws {
        XCTAssertTrue(try coalescedAfterRequests(window: 30, gaps: [0.05]))
    }

    /// A watcher's one request, and requests further apart than the window, are read on the
    /// next wake-up.
    func testAFirstRequestAndRequestsFurtherApartThanTheWindowAreNotCoalesced() throws {
        XCTAssertFalse(try coalescedAfterRequests(window: 30, gaps: []))
        XCTAssertFalse(try coalescedAfterRequests(window: 0.2, gaps: [0.5]))
        XCTAssertFalse(try coalescedAfterRequests(window: 0.2, gaps: [0.05, 0.5]), "no longer polling")
    }
}
