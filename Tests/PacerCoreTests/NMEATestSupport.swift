import Foundation
import XCTest
@testable import PacerCore

/// Feeds bytes through a fresh `NMEADecoder` in chunks of `chunk` bytes (0 = all at once)
/// and returns every fix it emits, `finish` included, with its counters.
func decodeNMEA(_ bytes: [UInt8], chunk: Int = 0) -> (fixes: [GNSSFix], counters: NMEACounters) {
    var decoder = NMEADecoder()
    var fixes: [GNSSFix] = []
    bytes.withUnsafeBytes { all in
        let step = chunk > 0 ? chunk : max(all.count, 1)
        var start = 0
        while start < all.count {
            let end = min(start + step, all.count)
            decoder.decode(UnsafeRawBufferPointer(rebasing: all[start..<end])) { fixes.append($0) }
            start = end
        }
    }
    decoder.finish { fixes.append($0) }
    return (fixes, decoder.counters)
}

func decodeNMEA(_ text: String, chunk: Int = 0) -> (fixes: [GNSSFix], counters: NMEACounters) {
    decodeNMEA(Array(text.utf8), chunk: chunk)
}

/// Frames `text` and returns the bodies of the sentences the framer accepted.
func frameNMEA(_ bytes: [UInt8], chunk: Int = 0) -> (sentences: [String], counters: NMEACounters) {
    var framer = NMEAFramer()
    var out: [String] = []
    bytes.withUnsafeBytes { all in
        let step = chunk > 0 ? chunk : max(all.count, 1)
        var start = 0
        while start < all.count {
            let end = min(start + step, all.count)
            framer.feed(UnsafeRawBufferPointer(rebasing: all[start..<end])) { out.append(String(UnicodeScalar($0.start)) + $0.text) }
            start = end
        }
    }
    framer.finish()
    return (out, framer.counters)
}

func frameNMEA(_ text: String, chunk: Int = 0) -> (sentences: [String], counters: NMEACounters) {
    frameNMEA(Array(text.utf8), chunk: chunk)
}

/// Decodes one sentence body (no `$`, no checksum) with the given type's decoder.
func decodeSentence(_ body: String) -> NMEAReport? {
    var decoder = NMEADecoder()
    var bytes = Array(body.utf8)
    return bytes.withUnsafeMutableBytes { raw in
        decoder.report(for: NMEASentence(start: UInt8(ascii: "$"), body: UnsafeRawBufferPointer(raw)))
    }
}

/// `$body*hh` with the correct checksum, for building test streams.
func sentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    return "$" + body + "*" + String(format: "%02X", sum)
}

/// The shared corpus beside the project (`../shared/corpus`), as CI lays it out.
let nmeaCorpus: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.deletingLastPathComponent().appendingPathComponent("shared/corpus")
}()

func corpusBytes(_ relative: String) throws -> [UInt8] {
    let url = nmeaCorpus.appendingPathComponent(relative)
    guard let data = FileManager.default.contents(atPath: url.path) else {
        throw MissingPrerequisite.error("corpus file \(relative) not found at \(url.path)")
    }
    return [UInt8](data)
}

/// The first line of a corpus file that starts with `prefix` (a real sentence for a unit test).
func corpusLine(_ relative: String, startingWith prefix: String) throws -> String {
    let text = String(decoding: try corpusBytes(relative), as: UTF8.self)
    for line in text.split(whereSeparator: { $0.isNewline }) where line.hasPrefix(prefix) {
        return String(line)
    }
    XCTFail("no line starting with \(prefix) in \(relative)")
    return ""
}
