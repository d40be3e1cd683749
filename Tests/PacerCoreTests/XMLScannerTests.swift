import XCTest
@testable import PacerCore

/// The course files' XML tokenizer: the events of well-formed documents, exactly; each refusal
/// with its message and byte; the hostile documents (entities, depth, truncation) refused
/// without trapping.
final class XMLScannerTests: XCTestCase {
    /// The document's events as text: `<name a="v">`, `</name>`, `"text"`.
    static func events(_ document: String, maximumDepth: Int = XMLScanner.defaultMaximumDepth) throws -> [String] {
        var scanner = XMLScanner(Array(document.utf8), maximumDepth: maximumDepth)
        var out: [String] = []
        while let event = try scanner.next() {
            switch event {
            case .start(let name):
                out.append("<" + name + scanner.attributes.map { " \($0.name)=\"\($0.value)\"" }.joined() + ">")
            case .end(let name):
                out.append("</" + name + ">")
            case .text:
                out.append("\"" + scanner.text() + "\"")
            }
        }
        return out
    }

    /// The error a document is refused with.
    static func refusal(_ document: [UInt8], maximumDepth: Int = XMLScanner.defaultMaximumDepth) -> XMLScanError? {
        var scanner = XMLScanner(document, maximumDepth: maximumDepth)
        do {
            while try scanner.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    static func refusal(_ document: String) -> XMLScanError? { refusal(Array(document.utf8)) }

    func testEventsOfADocumentWithEveryKindOfMarkup() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <?pi something?>
            <root xmlns="urn:x" a="1" b='two "quoted"'>
              <child/><x:y c = "&lt;&amp;&gt;&apos;&quot;"  />t&lt;&#65;&#x42;&#x20AC;&#128512;<![CDATA[<raw> &amp; ]]>end<!-- inside --><e></e>
            </root>
            <!-- after -->

            """
        XCTAssertEqual(try Self.events(document), [
            "<root xmlns=\"urn:x\" a=\"1\" b=\"two \"quoted\"\">", "\"\n  \"",
            "<child>", "</child>", "<x:y c=\"<&>'\"\">", "</x:y>",
            "\"t<AB€😀\"", "\"<raw> &amp; \"", "\"end\"", "<e>", "</e>", "\"\n\"", "</root>",
        ])
    }

    func testAttributeValuesHaveTheirWhiteSpaceCharactersMadeSpacesButNotTheirReferences() throws {
        XCTAssertEqual(try Self.events("<a v=\"x\ty\nz\r&#10;w\"/>"), ["<a v=\"x y z \nw\">", "</a>"])
    }

    func testAttributesAndOffsetsAreThoseOfTheLastStartTag() throws {
        let document = Array("<gpx><trkpt lat=\"1.5\" lon='2'><ele>3</ele></trkpt></gpx>".utf8)
        var scanner = XMLScanner(document)
        XCTAssertEqual(try scanner.next(), .start("gpx"))
        XCTAssertEqual(scanner.attributes, [])
        XCTAssertEqual(try scanner.next(), .start("trkpt"))
        XCTAssertEqual(scanner.tokenOffset, 5)
        XCTAssertEqual(scanner.attribute("lat"), "1.5")
        XCTAssertEqual(scanner.attribute("lon"), "2")
        XCTAssertNil(scanner.attribute("ele"))
        XCTAssertEqual(scanner.depth, 2)
        XCTAssertEqual(try scanner.next(), .start("ele"))
        XCTAssertEqual(scanner.tokenOffset, 30)
        XCTAssertEqual(try scanner.next(), .text)
        XCTAssertEqual(scanner.text(), "3")
        XCTAssertEqual(scanner.tokenOffset, 35)
        XCTAssertEqual(try scanner.next(), .end("ele"))
        XCTAssertEqual(try scanner.next(), .end("trkpt"))
        XCTAssertEqual(try scanner.next(), .end("gpx"))
        XCTAssertEqual(scanner.depth, 0)
        XCTAssertNil(try scanner.next())
        XCTAssertNil(try scanner.next())
    }

    func testLocalNames() {
        XCTAssertEqual(XMLScanner.localName("trkpt"), "trkpt")
        XCTAssertEqual(XMLScanner.localName("gpxx:rpt"), "rpt")
        XCTAssertEqual(XMLScanner.localName("a:b:c"), "c")
    }

    func testAByteOrderMarkIsSkippedAndUTF16IsRefused() throws {
        var scanner = XMLScanner([0xEF, 0xBB, 0xBF] + Array("<a>é</a>".utf8))
        XCTAssertEqual(try scanner.next(), .start("a"))
        XCTAssertEqual(scanner.tokenOffset, 3)
        XCTAssertEqual(try scanner.next(), .text)
        XCTAssertEqual(scanner.text(), "é")
        XCTAssertEqual(Self.refusal([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00]),
                       XMLScanError(offset: 0, "the file is UTF-16; only UTF-8 is read"))
    }

    func testADoctypeThatDeclaresNoEntityIsSkipped() throws {
        XCTAssertEqual(try Self.events("<!DOCTYPE gpx><gpx/>"), ["<gpx>", "</gpx>"])
        XCTAssertEqual(try Self.events("<!DOCTYPE gpx SYSTEM \"gpx.dtd\"><gpx/>"), ["<gpx>", "</gpx>"])
        XCTAssertEqual(try Self.events("""
            <!DOCTYPE gpx PUBLIC "-//x//y" "http://example.com/a>b.dtd" [
              <!ELEMENT gpx (#PCDATA)>
              <!-- <!ENTITY in a comment> -->
              <!ATTLIST gpx version CDATA "1.1" note CDATA 'a > b ]'>
              <?pi ?>
            ]>
            <gpx>x</gpx>
            """), ["<gpx>", "\"x\"", "</gpx>"])
    }

    func testTheBillionLaughsAreRefusedAtTheFirstEntity() {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
             <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
            ]>
            <lolz>&lol9;</lolz>
            """
        let error = Self.refusal(document)
        XCTAssertEqual(error?.offset, 40)
        XCTAssertEqual(error?.description, "byte 40: the DOCTYPE declares an entity (<!ENTITY lol \"lol\">): no entity is ever expanded, so the file is refused")
    }

    func testExternalAndParameterEntitiesAreRefused() {
        let external = "<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><gpx>&x;</gpx>"
        XCTAssertEqual(Self.refusal(external)?.description,
                       "byte 15: the DOCTYPE declares an entity (<!ENTITY x SYSTEM \"file:...): no entity is ever expanded, so the file is refused")
        let parameter = "<!DOCTYPE gpx [ %remote; ]><gpx/>"
        XCTAssertEqual(Self.refusal(parameter)?.description,
                       "byte 16: the DOCTYPE uses a parameter entity (%remote; ]>): no entity is ever expanded, so the file is refused")
    }

    func testReferencesOtherThanThePredefinedOnesAreErrors() {
        XCTAssertEqual(Self.refusal("<a>&foo;</a>")?.description, "byte 3: reference to the undeclared entity &foo;: no entity is ever expanded")
        XCTAssertEqual(Self.refusal("<a v=\"&nbsp;\"/>")?.description, "byte 6: reference to the undeclared entity &nbsp;: no entity is ever expanded")
        XCTAssertEqual(Self.refusal("<a>Fish & Chips;</a>")?.description, "byte 8: & begins no reference (a literal & is written &amp;)")
        XCTAssertEqual(Self.refusal("<a>AT&T</a>")?.description, "byte 5: & begins no reference (a literal & is written &amp;)")
        XCTAssertEqual(Self.refusal("<a>&;</a>")?.description, "byte 3: & begins no reference (a literal & is written &amp;)")
        XCTAssertEqual(Self.refusal("<a>&#;</a>")?.description, "byte 3: the character reference &#; has no digits")
        XCTAssertEqual(Self.refusal("<a>&#x;</a>")?.description, "byte 3: the character reference &#x; has no digits")
        XCTAssertEqual(Self.refusal("<a>&#1a;</a>")?.description, "byte 3: the character reference &#1a; is not a number")
        XCTAssertEqual(Self.refusal("<a>&#0;</a>")?.description, "byte 3: the character reference &#0; names no character XML allows")
        XCTAssertEqual(Self.refusal("<a>&#xD800;</a>")?.description, "byte 3: the character reference &#xD800; names no character XML allows")
        XCTAssertEqual(Self.refusal("<a>&#xFFFE;</a>")?.description, "byte 3: the character reference &#xFFFE; names no character XML allows")
        XCTAssertEqual(Self.refusal("<a>&#99999999999999999999;</a>")?.description, "byte 3: the character reference &#99999999999999999999; is past Unicode")
        XCTAssertEqual(Self.refusal("<a>&#x110000;</a>")?.description, "byte 3: the character reference &#x110000; is past Unicode")
    }

    func testMalformedDocumentsAreRefusedWithTheByteWhereTheyWentWrong() {
        let cases: [(String, String)] = [
            ("<gpx><trk><trkseg><trkpt></trkseg></trk></gpx>", "byte 25: end tag </trkseg> does not match <trkpt> (opened at byte 18)"),
            ("<a><b></a>", "byte 6: end tag </a> does not match <b> (opened at byte 3)"),
            ("<a></a></a>", "byte 7: end tag </a> with no element open"),
            ("<a>", "byte 3: the document ends inside <a> (opened at byte 0)"),
            ("<a><b>text", "byte 10: the document ends inside <b> (opened at byte 3)"),
            ("", "byte 0: no root element"),
            ("  <!-- only a comment -->  ", "byte 27: no root element"),
            ("<a/><b/>", "byte 4: a second root element <b>"),
            ("<a/>text", "byte 4: text after the root element ended"),
            ("text<a/>", "byte 0: text before the root element"),
            ("<a x=\"1\" x=\"2\"/>", "byte 9: the attribute x appears twice in <a>"),
            ("<a x=\"1<\"/>", "byte 7: < in an attribute value (it is written &lt;)"),
            ("<a x=1/>", "byte 5: expected a quoted value for the attribute x of <a>"),
            ("<a x/>", "byte 4: expected = after the attribute x of <a>"),
            ("<a x=\"1\"y=\"2\"/>", "byte 8: expected a space, > or /> in the start tag <a>"),
            ("<a / >", "byte 3: expected /> in <a>"),
            ("< a/>", "byte 1: expected a name after <"),
            ("<1a/>", "byte 1: expected a name after <"),
            ("<a></ a>", "byte 5: expected a name after </"),
            ("<a></a x>", "byte 7: expected > to close the end tag </a>"),
            ("<a>]]></a>", "byte 3: ]]> in character data (it ends a CDATA section only)"),
            ("<a>\u{1}</a>", "byte 3: the control character 0x01, which XML does not allow"),
            ("<a><!-- never", "byte 3: a comment that never ends"),
            ("<a><![CDATA[ never", "byte 3: a CDATA section that never ends"),
            ("<![CDATA[x]]><a/>", "byte 0: a CDATA section outside the root element"),
            ("<a><!ELEMENT a></a>", "byte 3: unknown markup <!ELEMENT a>"),
            ("<a/><!DOCTYPE a>", "byte 4: a DOCTYPE after the root element began"),
            ("<!DOCTYPE a><!DOCTYPE a><a/>", "byte 12: a second DOCTYPE"),
            ("<!DOCTYPE a [ <!ELEMENT a ANY> ", "byte 31: the document ends inside the DOCTYPE's internal subset"),
            ("<a><? x?></a>", "byte 5: expected a name after <? (a processing instruction's target)"),
            ("<a v=\"x", "byte 5: the document ends inside an attribute value"),
            ("<a v=\"x\"", "byte 8: the document ends inside the start tag <a> (byte 0)"),
        ]
        for (document, message) in cases {
            XCTAssertEqual(Self.refusal(document)?.description, message, document)
        }
    }

    func testNestingIsLimited() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "<e>", count: depth) + String(repeating: "</e>", count: depth)
        }
        XCTAssertEqual(try Self.events(nested(256)).count, 512)
        XCTAssertEqual(Self.refusal(nested(257))?.description, "byte 768: <e> is nested deeper than 256 elements")
        XCTAssertEqual(Self.refusal(Array(String(repeating: "<e>", count: 1_000_000).utf8))?.offset, 768)
        XCTAssertEqual(Self.refusal(Array(nested(5).utf8), maximumDepth: 4)?.offset, 12)
    }

    /// Every prefix of a small document that uses each kind of markup: the scanner refuses each
    /// one that ends before the root element does, accepts the rest, and never traps.
    func testEveryTruncationIsRefusedOrAccepted() {
        let document = Array("""
            \u{FEFF}<?xml version="1.0"?><!DOCTYPE gpx [<!ELEMENT gpx ANY>]><!--c--><gpx a="&amp;1" b='2'><t>x&#x41;&lt;<![CDATA[y]]></t><e/></gpx>
            <!-- tail -->
            """.utf8)
        let rootEnd = document.count - "\n<!-- tail -->".utf8.count
        var accepted: [Int] = []
        for length in 0...document.count {
            if Self.refusal(Array(document[0..<length])) == nil { accepted.append(length) }
        }
        // Accepted: the whole root element, then each prefix of the tail that is white space or
        // a whole comment.
        XCTAssertEqual(accepted, [rootEnd, rootEnd + 1, document.count])
    }

    /// Random bytes and random cuts of markup: refused or accepted, never a trap.
    func testGarbageNeverTraps() {
        // xorshift64, seeded: the same documents every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ n: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(n))
        }
        let alphabet = Array("<>/!?=\"'&#;x[]-aAb: \n".utf8)
        var refused = 0
        for _ in 0..<3000 {
            let length = random(60)
            var bytes: [UInt8] = []
            for _ in 0..<length { bytes.append(alphabet[random(alphabet.count)]) }
            if Self.refusal(bytes) != nil { refused += 1 }
        }
        XCTAssertGreaterThan(refused, 2500)
    }
}
