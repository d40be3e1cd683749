import XCTest
@testable import PacerCore

/// The writer stores into room past its text through a pointer: documents far larger than the
/// first capacity, strings that escape every byte, reuse after `reset` and copies of a writer
/// must all come out as the same text a plain string concatenation gives.
final class JSONWriterBufferTests: XCTestCase {
    func testALongDocumentGrowsFromTheSmallestCapacity() throws {
        var w = JSONWriter(capacity: 1)
        var expected = "["
        w.beginArray()
        for i in 0..<3000 {
            if i > 0 { expected += "," }
            w.beginObject()
            w.key("i"); w.value(i)
            w.key("name"); w.value("n\(i)\t\"q\"")
            w.key("v"); w.value(Double(i) / 4, decimals: 2)
            w.key("gone"); w.null()
            w.endObject()
            let v = "\(i / 4)" + ["", ".25", ".5", ".75"][i % 4]
            expected += #"{"i":\#(i),"name":"n\#(i)\t\"q\"","v":\#(v),"gone":null}"#
        }
        w.endArray()
        w.endLine()
        expected += "]\n"
        XCTAssertEqual(w.count, expected.utf8.count)
        XCTAssertTrue(String(decoding: w.bytes, as: UTF8.self) == expected, "the text differs")
        XCTAssertTrue(w.withBytes { Array($0) } == Array(expected.utf8), "the lent bytes differ")
        XCTAssertEqual(try JSONValue.parse(w.bytes).array?.last?["name"]?.string, "n2999\t\"q\"")
    }

    /// Every byte a control character: six bytes out for each one in, more than a doubling.
    func testAStringOfControlCharactersInASmallWriter() throws {
        let text = String(repeating: "\u{01}", count: 500)
        var w = JSONWriter(capacity: 8)
        w.beginObject(); w.key(text); w.value(text); w.endObject()
        let escaped = String(repeating: #"\u0001"#, count: 500)
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #"{"\#(escaped)":"\#(escaped)"}"#)
        XCTAssertEqual(try JSONValue.parse(w.bytes)[text]?.string, text)
    }

    func testResetStartsOverAndCopiesAreIndependent() {
        var a = JSONWriter(capacity: 64)
        a.beginArray(); a.value(1)
        var b = a
        a.value(true); a.endArray()
        b.value("x"); b.endArray()
        XCTAssertEqual(String(decoding: a.bytes, as: UTF8.self), "[1,true]")
        XCTAssertEqual(String(decoding: b.bytes, as: UTF8.self), #"[1,"x"]"#)
        a.reset()
        a.beginObject(); a.key("k"); a.value(-2.5); a.endObject()
        XCTAssertEqual(String(decoding: a.bytes, as: UTF8.self), #"{"k":-2.5}"#)
        XCTAssertEqual(String(decoding: b.bytes, as: UTF8.self), #"[1,"x"]"#)
    }

    /// Taking the text leaves an empty writer that starts a new document.
    func testTakingTheBytesLeavesAnEmptyWriter() {
        var w = JSONWriter(capacity: 4096)
        w.beginObject(); w.key("a"); w.value(1); w.endObject(); w.endLine()
        XCTAssertEqual(String(decoding: w.takeBytes(), as: UTF8.self), "{\"a\":1}\n")
        XCTAssertEqual(w.count, 0)
        w.beginArray(); w.value("again"); w.endArray()
        XCTAssertEqual(String(decoding: w.takeBytes(), as: UTF8.self), #"["again"]"#)
    }

    /// Raw text sits outside the structure: no comma before it, and the next value still gets one.
    func testRawTextTakesNoSeparator() {
        var w = JSONWriter()
        w.beginArray(); w.value(1); w.raw(" "); w.value(2); w.endArray(); w.raw("\r\n")
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "[1 ,2]\r\n")
    }
}
