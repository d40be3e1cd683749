import XCTest
@testable import PacerCore

/// Strings in STATE, events and exports: plain runs copied whole, everything JSON needs escaped,
/// and the parser reads back exactly what was written.
final class JSONWriterEscapingTests: XCTestCase {
    func testEscapesAndRoundTrips() throws {
        let cases: [(String, String)] = [
            ("", #""""#),
            ("heart_rate", #""heart_rate""#),
            ("say \"hi\"", #""say \"hi\"""#),
            ("a\\b", #""a\\b""#),
            ("line\nnext\r\ttab", #""line\nnext\r\ttab""#),
            ("\u{01}\u{1F}x", #""\u0001\u001fx""#),
            ("Zürich 🏃", "\"Zürich 🏃\""),
        ]
        for (text, expected) in cases {
            var w = JSONWriter()
            w.value(text)
            XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), expected)
            XCTAssertEqual(try JSONValue.parse(w.bytes), .string(text))
            var k = JSONWriter()
            k.beginObject(); k.key(text); k.value(1); k.endObject()
            XCTAssertEqual(try JSONValue.parse(k.bytes)[text]?.number, 1)
        }
    }

    /// A literal key goes the StaticString way (copied, no escape scan) and writes the same bytes
    /// as the same key computed at run time.
    func testLiteralAndComputedKeysWriteTheSameBytes() {
        let name = "speed_mps"
        var literal = JSONWriter(), computed = JSONWriter()
        literal.beginObject(); literal.key("speed_mps"); literal.value(1); literal.endObject()
        computed.beginObject(); computed.key(name); computed.value(1); computed.endObject()
        XCTAssertEqual(String(decoding: literal.bytes, as: UTF8.self), #"{"speed_mps":1}"#)
        XCTAssertEqual(literal.bytes, computed.bytes)
    }
}
