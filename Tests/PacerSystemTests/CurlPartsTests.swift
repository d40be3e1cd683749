@testable import PacerSystem
import XCTest

/// The pure parts of `CurlTransport`: the configuration's quoting and the reply's header dump.
final class CurlPartsTests: XCTestCase {
    func testQuotingEscapesQuotesAndBackslashes() {
        XCTAssertEqual(CurlConfig.quoted(#"Bearer a"b\c"#), #""Bearer a\"b\\c""#)
        XCTAssertEqual(CurlConfig.number(120), "120")
        XCTAssertEqual(CurlConfig.number(0.5), "0.500")
        XCTAssertEqual(CurlConfig.number(2.25), "2.250")
    }

    /// The last response of a redirect chain is the answer; a 100 Continue is skipped likewise.
    func testTheLastBlockOfTheDumpIsTheReply() throws {
        let dump = "HTTP/1.1 302 Found\r\nLocation: /b\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n"
            + "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nX-Empty:\r\nX-Colon: a: b\r\n\r\n"
        let head = try XCTUnwrap(HTTPResponseHead(dumped: Array(dump.utf8)))
        XCTAssertEqual(head, HTTPResponseHead(status: 201, headers: [("Content-Type", "application/json"), ("X-Empty", ""),
                                                                     ("X-Colon", "a: b")]))
        XCTAssertEqual(HTTPResponseHead(dumped: Array("HTTP/2 204\r\n\r\n".utf8))?.status, 204)
        XCTAssertNil(HTTPResponseHead(dumped: []))
        XCTAssertNil(HTTPResponseHead(dumped: Array("garbage\r\n".utf8)))
    }
}
