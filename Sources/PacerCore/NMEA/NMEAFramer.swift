/// Cuts an NMEA 0183 byte stream, arriving in chunks of any size, into checksummed sentences.
///
/// Works like gpsd's packet lexer: a sentence starts at `$` or `!` (a new start
/// character abandons a partial sentence, so `$$GPGGA` and lost line ends resync),
/// ends at CR or LF, may hold only printable ASCII and at most `maximumLength`
/// bytes. A sentence must carry a valid `*hh` checksum (either case): bad or missing
/// checksums are counted and dropped, as gpsd 3.22 drops them. One fixed buffer
/// is reused for every sentence, so framing never allocates, and the output does
/// not depend on how the input was chunked.
public struct NMEAFramer {
    /// gpsd accepts sentences up to about 100 bytes; real receivers stay under 90.
    public static let maximumLength = 120

    /// The framing part of `NMEACounters` (sentences, checksums, truncated, junk bytes); the
    /// decoder counts the rest.
    public private(set) var counters = NMEACounters()
    /// True once a `# Date: ` comment line was seen: gpsd's marker of a recorded log
    /// (its regression captures), whose dates are then taken as they are.
    public private(set) var sawRecordingDateHeader = false
    private var storage: NMEASentenceStorage
    /// Where the framer is on the current line, outside sentences.
    private enum LinePosition { case start, junk, comment }
    private var line = LinePosition.start
    /// How much of `# Date: ` the current comment line has matched; -1 once it cannot match.
    private var headerMatch = 0
    private var length = 0
    private var inSentence = false

    public init() { storage = NMEASentenceStorage(capacity: NMEAFramer.maximumLength) }

    /// Calls `sentence` for every complete, checksum-valid sentence in `bytes`; a partial
    /// sentence at the end is kept for the next call. The sentence view is only valid
    /// inside the call.
    @inlinable
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, sentence: (NMEASentence) -> Void) {
        var offset = 0
        while let s = next(bytes, offset: &offset) { sentence(s) }
    }

    /// Pull form of `feed`: returns the next sentence found in `bytes` from `offset` on
    /// (advancing it), or nil once the chunk is used up. The view points into `bytes` or into the
    /// framer's buffer: it stays valid while `bytes` does and until the next call.
    public mutating func next(_ bytes: UnsafeRawBufferPointer, offset: inout Int) -> NMEASentence? {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let buffer = storage.bytes
        let capacity = NMEAFramer.maximumLength
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var i = offset
        var len = length
        var inside = inSentence
        defer { offset = i; length = len; inSentence = inside }
        while i < count {
            let b = base[i]
            i += 1
            if !inside {
                if b == 0x0D || b == 0x0A {
                    line = .start
                } else if line == .comment {
                    counters[.junkBytes] += 1
                    if headerMatch >= 0 { matchHeader(b) }
                } else if b == 0x24 || b == 0x21 {  // $ or !
                    // Fast path: the whole sentence and its line end are in this chunk; check it in place.
                    let start = i - 1
                    let limit = min(count, start + capacity)
                    var j = i
                    var sum: UInt8 = 0
                    var star = -1
                    // Up to the '*': checksum as we go, eight bytes at a time while none is special.
                    var lanes: UInt64 = 0
                    while j &+ 8 <= limit {
                        let word = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
                        if NMEAFramer.hasSpecialByte(word) { break }
                        lanes ^= word
                        j &+= 8
                    }
                    lanes ^= lanes >> 32
                    lanes ^= lanes >> 16
                    lanes ^= lanes >> 8
                    sum = UInt8(truncatingIfNeeded: lanes)
                    while j < limit {
                        let c = base[j]
                        if c &- 0x20 > 0x5E || c == 0x24 || c == 0x21 || c == 0x2A { break }
                        sum ^= c
                        j += 1
                    }
                    if j < limit && base[j] == 0x2A {
                        star = j - start
                        j += 1
                        while j < limit {
                            let c = base[j]
                            if c &- 0x20 > 0x5E || c == 0x24 || c == 0x21 { break }
                            j += 1
                        }
                    }
                    if j < count && (base[j] == 0x0D || base[j] == 0x0A) {
                        i = j + 1
                        line = .start
                        counters[.sentences] += 1
                        let raw = UnsafeRawBufferPointer(start: base + start, count: j - start)
                        if let s = checked(raw, star: star, sum: sum, countingFailure: true) { return s }
                        continue
                    }
                    inside = true
                    buffer[0] = b
                    len = 1
                } else {
                    counters[.junkBytes] += 1
                    if line == .start && b == 0x23 {  // '#' starts a comment line, as in gpsd
                        line = .comment
                        headerMatch = 1
                    } else {
                        line = .junk
                    }
                }
                continue
            }
            if b >= 0x20 && b <= 0x7E && b != 0x24 && b != 0x21 {
                if len < capacity {
                    buffer[len] = b
                    len += 1
                    continue
                }
                // Too long: abandon; the rest of the line is junk.
                line = .junk
                counters[.truncated] += 1
                counters[.junkBytes] += len + 1
                inside = false
                len = 0
                continue
            }
            if b == 0x0D || b == 0x0A {
                line = .start
                inside = false
                let total = len
                len = 0
                counters[.sentences] += 1
                if let s = validated(UnsafeRawBufferPointer(start: buffer, count: total)) { return s }
                continue
            }
            // Two sentences on one line: a complete `...*hh` just before the new start is kept.
            if (b == 0x24 || b == 0x21) && len >= 4 && buffer[len - 3] == 0x2A,
               let s = validated(UnsafeRawBufferPointer(start: buffer, count: len), countingFailure: false) {
                counters[.sentences] += 1
                inside = false
                len = 0
                line = .junk
                i -= 1  // the start character opens the next sentence on the next call
                return s
            }
            // A new start character or a control/8-bit byte cuts the partial sentence.
            counters[.truncated] += 1
            counters[.junkBytes] += len
            line = .junk
            if b == 0x24 || b == 0x21 {
                buffer[0] = b
                len = 1
            } else {
                counters[.junkBytes] += 1
                inside = false
                len = 0
            }
        }
        return nil
    }

    private static let dateHeader: [UInt8] = Array("# Date: ".utf8)

    private mutating func matchHeader(_ b: UInt8) {
        let header = NMEAFramer.dateHeader
        if headerMatch < header.count {
            headerMatch = header[headerMatch] == b ? headerMatch + 1 : -1
            if headerMatch == header.count { sawRecordingDateHeader = true }
        }
    }

    /// Ends the stream: an unterminated partial sentence is dropped (gpsd never accepts one).
    public mutating func finish() {
        if inSentence {
            counters[.truncated] += 1
            counters[.junkBytes] += length
        }
        inSentence = false
        length = 0
    }

    /// Checks `*hh` and returns the sentence without start character and checksum.
    private mutating func validated(_ raw: UnsafeRawBufferPointer, countingFailure: Bool = true) -> NMEASentence? {
        var star = -1
        var sum: UInt8 = 0
        var j = 1
        while j < raw.count {
            let c = raw[j]
            if c == 0x2A { star = j; break }
            sum ^= c
            j += 1
        }
        return checked(raw, star: star, sum: sum, countingFailure: countingFailure)
    }

    /// `raw` is `$...` with its first `*` at `star` (-1: none) and the XOR of the bytes before it in `sum`.
    @inline(__always)
    private mutating func checked(_ raw: UnsafeRawBufferPointer, star: Int, sum: UInt8, countingFailure: Bool) -> NMEASentence? {
        guard star >= 0 else {
            guard countingFailure else { return nil }
            counters[.missingChecksums] += 1
            counters[.badChecksums] += 1
            counters[.junkBytes] += raw.count
            return nil
        }
        guard star + 2 < raw.count, let hi = NMEAFramer.hexValue(raw[star + 1]), let lo = NMEAFramer.hexValue(raw[star + 2]),
              hi << 4 | lo == sum else {
            guard countingFailure else { return nil }
            counters[.badChecksums] += 1
            counters[.junkBytes] += raw.count
            return nil
        }
        return NMEASentence(start: raw[0], body: UnsafeRawBufferPointer(rebasing: raw[1..<star]))
    }

    /// True when one of the 8 bytes of `w` may be a control or 8-bit byte, DEL, `$`, `!` or `*`
    /// (exact for the first such byte; the byte loop decides from there).
    @inline(__always)
    static func hasSpecialByte(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroByte(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let below = (w &- 0x20 &* ones) & ~w & highs
        return (below | (w & highs) | zeroByte(w ^ (0x24 &* ones)) | zeroByte(w ^ (0x21 &* ones))
            | zeroByte(w ^ (0x2A &* ones)) | zeroByte(w ^ (0x7F &* ones))) != 0
    }

    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}

/// The framer's one buffer, allocated once; a class so the framer stays a cheap value
/// (copied on write when a framer value is duplicated).
final class NMEASentenceStorage {
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
        bytes.initialize(repeating: 0, count: capacity)
    }

    func copy() -> NMEASentenceStorage {
        let c = NMEASentenceStorage(capacity: capacity)
        c.bytes.update(from: bytes, count: capacity)
        return c
    }

    deinit { bytes.deallocate() }
}
