import XCTest
@testable import PacerCore

/// The ANT framer against byte streams with junk, padding, truncated frames and bad checksums,
/// fed whole and one byte at a time (as swift-nio's ByteToMessageDecoderVerifier does).
final class ANTFramerTests: XCTestCase {
    /// Reset: A4 01 4A 00, checksum A4^01^4A^00 = EF.
    let reset: [UInt8] = [0xA4, 0x01, 0x4A, 0x00, 0xEF]

    func frames(_ bytes: [UInt8], oneAtATime: Bool) -> ([ANTFrame], ANTFrameCounters) {
        var framer = ANTFramer()
        var out: [ANTFrame] = []
        if oneAtATime {
            for b in bytes { framer.feed([b]) { out.append($0) } }
        } else {
            framer.feed(bytes) { out.append($0) }
        }
        framer.finish()
        return (out, framer.counters)
    }

    func testAKnownFrameAndItsChecksum() {
        XCTAssertEqual(ANTMessage.resetSystem.frame.bytes(), reset)
        // GoldenCheetah's write: the frame and 5 zeros.
        XCTAssertEqual(ANTMessage.resetSystem.bytesToWrite, reset + [0, 0, 0, 0, 0])
        XCTAssertEqual(ANTMessage.setNetworkKey(network: 0, key: ANTMessage.antPlusNetworkKey).frame.bytes(),
                       [0xA4, 0x09, 0x46, 0x00, 0xB9, 0xA5, 0x21, 0xFB, 0xBD, 0x72, 0xC3, 0x45, 0x64])
        XCTAssertEqual(ANTMessage.channelPeriod(channel: 0, period: 8070).frame.bytes(), [0xA4, 0x03, 0x43, 0x00, 0x86, 0x1F, 0x7D])
    }

    func testJunkTruncatedAndBadChecksumsAreCountedAndSkipped() {
        let page = ANTMessage.broadcastData(channel: 0, page: [0, 0xFF, 0xFF, 0xFF, 0x00, 0x04, 7, 120], extended: nil)
        var stream: [UInt8] = [0x11, 0x22]                      // junk 2
        stream += reset + [0, 0, 0, 0, 0]                       // a frame, padding 5
        stream += [0xA4, 0xFF]                                  // length 255: truncated; A4 and FF junk
        stream += [0xA4, 0x01, 0x4B, 0x00, 0x00]                // checksum should be EE: A4, 01, 4B junk, 00 00 padding
        stream += page.frame.bytes()                            // a frame
        stream += [0xA4, 0x09, 0x4E]                            // cut by the end of the stream: truncated, 3 junk
        for oneAtATime in [false, true] {
            let (out, counts) = frames(stream, oneAtATime: oneAtATime)
            XCTAssertEqual(out, [ANTMessage.resetSystem.frame, page.frame])
            XCTAssertEqual(counts[.frames], 2)
            XCTAssertEqual(counts[.badChecksums], 1)
            XCTAssertEqual(counts[.truncated], 2)
            XCTAssertEqual(counts[.junkBytes], 2 + 2 + 3 + 3)
            XCTAssertEqual(counts[.paddingBytes], 5 + 2)
        }
    }

    /// A false sync byte whose "frame" swallows a real one: the bad checksum drops only the false
    /// sync byte and the real frame inside is found.
    func testAFrameInsideAFalseOneIsFound() {
        let (out, counts) = frames([0xA4, 0x03] + reset, oneAtATime: false)
        XCTAssertEqual(out, [ANTMessage.resetSystem.frame])
        XCTAssertEqual(counts[.badChecksums], 1)
        XCTAssertEqual(counts[.junkBytes], 2)
    }

    func testEveryChunkingGivesTheSameFrames() {
        var stream: [UInt8] = [0x00, 0xA4, 0xA4]
        for k in 0..<40 {
            let m = ANTMessage.broadcastData(channel: UInt8(k % 4), page: (0..<8).map { UInt8(($0 * 37 + k) & 0xFF) },
                                             extended: ANTExtendedData(channelID: ANTChannelID(deviceNumber: UInt16(k), deviceType: 120)))
            stream += m.bytesToWrite
            if k % 7 == 0 { stream += [0xA4, UInt8(k % 12), 0x4E, 1] }
        }
        let (whole, wholeCounts) = frames(stream, oneAtATime: false)
        let (single, singleCounts) = frames(stream, oneAtATime: true)
        XCTAssertEqual(whole.count, 40)
        XCTAssertEqual(whole, single)
        XCTAssertEqual(wholeCounts, singleCounts)
        for size in [2, 3, 5, 13] {
            var framer = ANTFramer()
            var out: [ANTFrame] = []
            var i = 0
            while i < stream.count {
                framer.feed(stream[i..<min(stream.count, i + size)]) { out.append($0) }
                i += size
            }
            framer.finish()
            XCTAssertEqual(out, whole, "chunks of \(size)")
            XCTAssertEqual(framer.counters, wholeCounts)
        }
    }
}
