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
    /// Serves requests "N:SIZE" with a reply of SIZE bytes, "N:" and filler and a newline; the
    /// client sends every request in one write and reads until all replies are in.
    private func replies(to sizes: [Int]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-server-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s.sock").path
        let listener = try UnixListeningSocket.bind(path: path, mode: 0o600, groupID: nil)
        defer { close(listener) }
        let loop = EventLoop()
        let server = SocketServer(listening: listener, loop: loop)
        server.needsDatabaseGroups = { _ in false }
        server.onLine = { client, framed in
            guard case .line(let request) = framed else { return XCTFail("oversized request") }
            let text = String(decoding: request, as: UTF8.self)
            let size = Int(text.split(separator: ":")[1])!
            let head = Array("\(text.split(separator: ":")[0]):".utf8)
            server.send(head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - 1) + [10], to: client)
        }
        let client = try UnixSocketConnection(path: path)
        let requests = sizes.enumerated().map { "\($0.offset):\($0.element)\n" }.joined()
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
        server.shutdown()
        return received.split(separator: 10, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    private func check(_ sizes: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        let lines = try replies(to: sizes)
        XCTAssertEqual(lines.count, sizes.count, file: file, line: line)
        for (i, reply) in lines.enumerated() {
            XCTAssertTrue(reply.hasPrefix("\(i):"), "reply \(i) starts \(reply.prefix(12))", file: file, line: line)
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
}
