import Foundation
import PacerCore
@testable import PacerSystem
import XCTest

/// `CurlTransport` against the real sim/upload_server.py: what is sent arrives as sent (bytes,
/// headers, basic auth), replies come back whole, each way a server fails ends in `.failed`
/// with its reason, and curl's argv never holds a secret.
final class CurlTransportTests: XCTestCase {
    private var server: UploadServerProcess!

    override func setUpWithError() throws {
        server = try UploadServerProcess()
    }

    override func tearDown() {
        server = nil
    }

    private func post(_ path: String, headers: [(name: String, value: String)] = [], body: [UInt8] = Array("x".utf8),
                      limits: CurlTransport.Limits = CurlTransport.Limits(maximumTime: 30)) -> HTTPExchange {
        CurlTransport(limits: limits).send(HTTPRequest(method: .post, url: server.base + path, headers: headers, body: body))
    }

    private func json(_ exchange: HTTPExchange) throws -> [String: Any] {
        guard case let .response(_, _, body) = exchange else { throw Unexpected(exchange) }
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    private struct Unexpected: Error, CustomStringConvertible {
        let description: String
        init(_ exchange: HTTPExchange) { description = "unexpected \(exchange)" }
    }

    /// A multipart body as the core would make one: a text field and a binary file.
    private func multipart(fields: [(String, String)], file: [UInt8], named name: String) -> (body: [UInt8], type: String) {
        let boundary = "pacer-7f3a9c"
        var body: [UInt8] = []
        for (key, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(key)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n"
                       + "Content-Type: application/octet-stream\r\n\r\n").utf8)
        body += file + Array("\r\n--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    func testAMultipartBodyAndItsHeadersArriveAsSent() throws {
        // Every byte value, a CR LF and a boundary-like line inside the file.
        // Typed step by step: Swift 6.0.3 cannot type-check the one-line sum in reasonable time.
        let ascending: [UInt8] = (0...255).map { UInt8($0) }
        var file: [UInt8] = ascending
        file += Array("\r\n--pacer\r\n".utf8)
        file += ascending.reversed()
        let (body, type) = multipart(fields: [("summary", "{\"distance_m\": 1200}")], file: file, named: "s42.fit")
        let exchange = post("/hook", headers: [("Content-Type", type), ("X-Pacer-Signature", "sha256=0a1b \"quoted\" \\ back")],
                            body: body)
        guard case let .response(status, _, _) = exchange else { return XCTFail("\(exchange)") }
        XCTAssertEqual(status, 200)
        XCTAssertEqual(exchange.header("content-type"), "application/json; charset=utf-8")
        XCTAssertEqual(try json(exchange)["ok"] as? Bool, true)

        let entry = try XCTUnwrap(try server.log().last)
        let saved = try XCTUnwrap(entry["body_saved"] as? String)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: saved))), body)
        let headers = try XCTUnwrap(entry["headers"] as? [[String]])
        XCTAssertTrue(headers.contains(["X-Pacer-Signature", "sha256=0a1b \"quoted\" \\ back"]), "\(headers)")
        XCTAssertTrue(headers.contains(["Content-Type", type]), "\(headers)")
        XCTAssertFalse(headers.contains { $0.first?.lowercased() == "expect" }, "\(headers)")
        let parts = try XCTUnwrap(entry["parts"] as? [[String: Any]])
        let filePart = try XCTUnwrap(parts.first { $0["name"] as? String == "file" })
        XCTAssertEqual(filePart["filename"] as? String, "s42.fit")
        let savedFile = try XCTUnwrap(filePart["saved"] as? String)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: savedFile))), file)
    }

    func testBasicAuthReachesIntervalsAndABadKeyIs401() throws {
        let (body, type) = multipart(fields: [("external_id", "pacer-s42")], file: [0x0E, 0x10, 0x2E, 0x46], named: "s42.fit")
        func basic(_ key: String) -> String { "Basic " + Data("API_KEY:\(key)".utf8).base64EncodedString() }
        let path = "/api/v1/athlete/i12345/activities"
        let accepted = post(path, headers: [("Content-Type", type), ("Authorization", basic("intervals-key"))], body: body)
        guard case .response(201, _, _) = accepted else { return XCTFail("\(accepted)") }
        XCTAssertEqual(try json(accepted)["icu_athlete_id"] as? String, "i12345")
        XCTAssertNotNil(try json(accepted)["id"] as? String)
        let refused = post(path, headers: [("Content-Type", type), ("Authorization", basic("wrong"))], body: body)
        guard case .response(401, _, _) = refused else { return XCTFail("\(refused)") }
    }

    /// Strava's refresh, upload and polling, through GET and POST alike.
    func testStravaTokenUploadAndPollRoundTrip() throws {
        let form = "client_id=12345&client_secret=strava-client-secret&grant_type=refresh_token&refresh_token=strava-refresh-0"
        let token = post("/oauth/token", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(form.utf8))
        guard case .response(200, _, _) = token else { return XCTFail("\(token)") }
        let access = try XCTUnwrap(try json(token)["access_token"] as? String)
        XCTAssertNotEqual(try json(token)["refresh_token"] as? String, "strava-refresh-0")

        let (body, type) = multipart(fields: [("data_type", "fit"), ("external_id", "pacer-s42.fit")], file: [1, 2, 3], named: "s42.fit")
        let upload = post("/api/v3/uploads", headers: [("Content-Type", type), ("Authorization", "Bearer \(access)")], body: body)
        guard case .response(201, _, _) = upload else { return XCTFail("\(upload)") }
        let id = try XCTUnwrap(try json(upload)["id"] as? Int)
        let poll = HTTPRequest(method: .get, url: server.base + "/api/v3/uploads/\(id)", headers: [("Authorization", "Bearer \(access)")])
        let transport = CurlTransport(limits: .init(maximumTime: 30))
        XCTAssertEqual(try json(transport.send(poll))["status"] as? String, "Your activity is still being processed.")
        let ready = try json(transport.send(poll))
        XCTAssertEqual(ready["status"] as? String, "Your activity is ready.")
        XCTAssertNotNil(ready["activity_id"] as? Int)
        let unauthorized = transport.send(HTTPRequest(method: .get, url: server.base + "/api/v3/uploads/\(id)"))
        guard case .response(401, _, _) = unauthorized else { return XCTFail("\(unauthorized)") }
    }

    // MARK: - A server that fails

    func testA500AndGarbageAreRepliesForTheCoreToJudge() throws {
        try server.control(["mode": "500", "count": 1])
        guard case .response(500, _, _) = post("/hook") else { return XCTFail("no 500") }
        try server.control(["mode": "garbage", "count": 1])
        let garbage = post("/hook")
        guard case let .response(200, _, body) = garbage else { return XCTFail("\(garbage)") }
        XCTAssertNil(try? JSONSerialization.jsonObject(with: Data(body)))
    }

    func testAReplyCutShortFails() throws {
        try server.control(["mode": "close", "count": 1])
        XCTAssertEqual(post("/hook"), .failed("the reply was cut short: the connection closed before its end (curl exit 18)"))
    }

    func testARedirectLoopFailsAfterTheLimit() throws {
        try server.control(["mode": "redirect"])
        let limits = CurlTransport.Limits(maximumTime: 30, maximumRedirects: 2)
        XCTAssertEqual(post("/hook", limits: limits), .failed("redirected more than 2 times (curl exit 47)"))
        XCTAssertEqual(try server.log().filter { $0["path"] as? String == "/hook" }.count, 3)
    }

    func testATenMegabyteReplyFailsWithOrWithoutItsLength() throws {
        let limits = CurlTransport.Limits(maximumTime: 30, maximumReplyBytes: 64 * 1024)
        try server.control(["mode": "huge", "count": 1])
        XCTAssertEqual(post("/hook", limits: limits), .failed("the reply is larger than 65536 bytes (curl exit 63)"))
        // Chunked, no length: curl (7.88) cannot refuse it up front, the transport stops reading.
        try server.control(["mode": "huge-chunked", "count": 1])
        guard case let .failed(reason) = post("/hook", limits: limits) else { return XCTFail("a 10 MB reply was accepted") }
        XCTAssertTrue(reason.hasPrefix("the reply is larger than 65536 bytes"), reason)
    }

    func testAServerThatNeverAnswersTimesOut() throws {
        try server.control(["mode": "hang"])
        let limits = CurlTransport.Limits(maximumTime: 0.5, connectTimeout: 0.5)
        XCTAssertEqual(post("/hook", limits: limits), .failed("timed out: no complete reply within 0.500 s (curl exit 28)"))
        try server.control(["release": true])
    }

    func testASlowServerIsWaitedFor() throws {
        try server.control(["mode": "slow", "delay": 0.2, "count": 1])
        guard case .response(200, _, _) = post("/hook") else { return XCTFail("no reply") }
    }

    func testNoServerIsNoRoute() throws {
        // The server's port once it is gone: nothing listens there.
        let base = server.base
        server = nil
        let exchange = CurlTransport().send(HTTPRequest(method: .post, url: base + "/hook", body: [1]))
        XCTAssertEqual(exchange, .failed("no route to the service: cannot connect (curl exit 7)"))
        let unresolvable = CurlTransport().send(HTTPRequest(method: .get, url: "http://pacer-upload.invalid/"))
        XCTAssertEqual(unresolvable, .failed("no route to the service: its host name cannot be resolved (curl exit 6)"))
    }

    func testRequestsThatCannotBeSentSafelyAreRefused() {
        let transport = CurlTransport()
        XCTAssertEqual(transport.send(HTTPRequest(method: .post, url: server.base + "/hook", headers: [("X-A", "1\r\nX-Injected: 2")])),
                       .failed("not sent: the header X-A holds a line break"))
        XCTAssertEqual(transport.send(HTTPRequest(method: .get, url: server.base + "/hook", body: [1])),
                       .failed("not sent: a GET request with a body"))
        XCTAssertEqual(transport.send(HTTPRequest(method: .get, url: "file:///etc/passwd")),
                       .failed("not sent: the URL is neither https:// nor http://"))
        XCTAssertEqual(CurlTransport(curl: "/nonexistent/curl").send(HTTPRequest(method: .get, url: server.base + "/log")),
                       .failed("cannot run curl: posix_spawn(/nonexistent/curl): No such file or directory"))
    }

    // MARK: - On an event loop

    /// Runs `request` on a loop of its own until its completion stops it (30 s at most).
    private func onLoop(_ request: HTTPRequest, limits: CurlTransport.Limits = .init(maximumTime: 30),
                        _ started: (CurlExchange) throws -> Void = { _ in }) throws -> HTTPExchange? {
        let loop = EventLoop()
        var result: HTTPExchange?
        let exchange = CurlTransport(limits: limits).start(request, on: loop) { result = $0; loop.stop() }
        if let exchange { try started(exchange) }
        loop.schedule(after: 30) { loop.stop() }
        try loop.run()
        XCTAssertFalse(exchange?.isRunning ?? false)
        return result
    }

    func testOnALoopTheReplyComesToTheCompletion() throws {
        let body: [UInt8] = (0...255).map { UInt8($0) }
        let exchange = try onLoop(HTTPRequest(method: .post, url: server.base + "/hook",
                                              headers: [("Content-Type", "application/octet-stream")], body: body))
        guard case .response(200, _, _) = exchange else { return XCTFail("\(String(describing: exchange))") }
        let saved = try XCTUnwrap(try server.log().last?["body_saved"] as? String)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: saved))), body)
    }

    func testOnALoopAReplyWithoutALengthIsCutAtTheLimit() throws {
        try server.control(["mode": "huge-chunked", "count": 1])
        let exchange = try onLoop(HTTPRequest(method: .post, url: server.base + "/hook", body: [1]),
                                  limits: .init(maximumTime: 30, maximumReplyBytes: 64 * 1024))
        XCTAssertEqual(exchange, .failed("the reply is larger than 65536 bytes"))
    }

    func testOnALoopAnExchangeCanBeCancelled() throws {
        try server.control(["mode": "hang"])
        let exchange = try onLoop(HTTPRequest(method: .post, url: server.base + "/hook", body: [1])) { exchange in
            _ = try server.waitForLine(containing: " POST /hook hang")
            exchange.cancel()
        }
        XCTAssertEqual(exchange, .failed("cancelled"))
        try server.control(["release": true])
    }

    func testOnALoopARequestThatCannotBeSentIsReportedOnTheNextTurn() throws {
        XCTAssertEqual(try onLoop(HTTPRequest(method: .get, url: server.base + "/hook", body: [1])),
                       .failed("not sent: a GET request with a body"))
    }

    // MARK: - Secrets

    /// While curl waits for a held reply, its argv (readable by anyone in /proc) holds only
    /// `-q -K -`: the token and the body's secret are elsewhere.
    func testCurlsArgvNeverHoldsTheSecret() throws {
        let secret = "s3cr3t-token-\(UInt32.random(in: 0...UInt32.max))"
        try server.control(["mode": "hold", "count": 1])
        let shared = Shared()
        let done = DispatchSemaphore(value: 0)
        let request = HTTPRequest(method: .post, url: server.base + "/hook", headers: [("Authorization", "Bearer \(secret)")],
                                  body: Array("refresh_token=\(secret)".utf8))
        let thread = Thread {
            let result = CurlTransport(limits: .init(maximumTime: 60)).send(request) { started in shared.set(pid: started) }
            shared.set(exchange: result)
            done.signal()
        }
        thread.start()
        _ = try server.waitForLine(containing: " POST /hook hold")
        let commandLine = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(shared.pid)/cmdline"))
        let arguments = commandLine.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        try server.control(["release": true])
        done.wait()
        XCTAssertEqual(arguments, ["/usr/bin/curl", "-q", "-K", "-"])
        XCTAssertNil(commandLine.range(of: Data(secret.utf8)))
        guard case .response(200, _, _) = shared.exchange else { return XCTFail("\(String(describing: shared.exchange))") }
        let entry = try XCTUnwrap(try server.log().first { $0["path"] as? String == "/hook" })
        XCTAssertTrue((entry["headers"] as? [[String]])?.contains(["Authorization", "Bearer \(secret)"]) == true)
    }

    /// What the sending thread hands the test: curl's pid, then the exchange.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var _pid: Int32 = 0
        private var _exchange: HTTPExchange?
        var pid: Int32 { locked { _pid } }
        var exchange: HTTPExchange? { locked { _exchange } }
        func set(pid: Int32) { locked { _pid = pid } }
        func set(exchange: HTTPExchange) { locked { _exchange = exchange } }
        /// NSLock's own withLock is not in every Foundation the project builds with.
        private func locked<T>(_ body: () -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }
    }
}
