/// Walks the frames of one segment (in its version's layout, `JournalFrame`), and past damage.
///
/// A frame that does not verify is the torn tail of a crash only when nothing verified follows
/// it: a crash tears the last commit, the only bytes written after the last fdatasync. So the
/// scan does not stop there. It tries each later offset for a chain of frames that verify
/// (`resyncCheckBits` of CRC between them, or the segment's end), reports the bytes it passed
/// (`skipped`) and goes on from there: a flipped bit in the middle of a segment costs the frame
/// it hit, not every session after it. Only damage that no chain follows ends the valid prefix.
///
/// Zero-copy: the visitor gets each payload as a slice of the input. It never traps on any
/// input (every length is checked before use), which the truncation and bit-flip tests prove.
/// A segment is either scanned whole (`scan(_:from:visit:)`) or in windows of a bounded buffer
/// (`scan(_:at:endsSegment:visit:)`, fed by `JournalFile.scanSegment`): a reader's memory does
/// not grow with the segment (32 MB before it rolls).
public struct JournalScanner {
    /// Why the valid prefix ended.
    public enum End: Equatable, Sendable {
        /// Every byte belongs to a verified frame.
        case clean
        /// A frame header or payload runs past the end (a torn write), and nothing verified follows.
        case torn
        /// A complete frame failed its CRC, had an unknown type or an absurd length, and
        /// nothing verified follows it.
        case corrupt
        /// The segment header is missing or wrong.
        case badHeader
    }

    public struct Result: Equatable, Sendable {
        public var segmentNumber: UInt32?
        /// The segment's format version: its frames' layout (`JournalFrame.layoutVersion`, the
        /// header's unless that was damaged); 0 when the header is bad.
        public var version: UInt32 = 0
        /// Offset just past the last verified frame (the length to truncate to).
        public var validEnd: Int
        public var end: End
        public var frames: Int
        /// Damaged regions that verified frames follow, and their bytes: passed, not the end.
        public var gaps = 0
        public var skippedBytes = 0
    }

    /// What a windowed scan needs next.
    public enum Step: Equatable, Sendable {
        /// Scan the window that begins at segment offset `offset` next, with at least `count`
        /// bytes unless the segment ends sooner (0: any length).
        case read(offset: Int, count: Int)
        /// The scan is over: what `scan(_:from:visit:)` returns for the whole segment.
        case done(Result)
    }

    /// The longest frame of any layout: the largest payload and at most 9 bytes around it
    /// (a 9-byte header; or a tag, a 4-byte length and a CRC-32C). A frame claiming more is corrupt.
    public static let largestFrame = JournalFormat.maximumPayload + JournalFormat.frameHeaderSize
    /// The longest window a scan asks for: the header and the first frame, which decide the layout.
    public static let largestWindow = JournalFormat.segmentHeaderSize + largestFrame
    /// CRC bits the frames at an offset past damage must verify before the scan goes on from
    /// there (a short frame's CRC-16 counts 16, a CRC-32C 32): random bytes pass with 2^-64.
    static let resyncCheckBits = 64
    /// A chain that reaches the segment's end (its last frame torn or not) needs only this many.
    static let resyncEndCheckBits = 32
    /// The longest payload a frame past damage may claim: a candidate offset costs at most this
    /// much CRC work. Longer frames (a commit after a long full disk) are skipped with the damage.
    static let resyncLongestPayload = 1 << 16
    /// No frame of any layout is one byte value repeated (checked for every value: the CRC
    /// never matches), and none of those bytes claims a frame longer than this. So past damage,
    /// a run of one value (an erased flash block reads as 0xFF) is refused at its first offset
    /// for every offset whose frame would lie inside it, instead of a CRC at each.
    static let uniformRunFrameExtent = 1 + JournalFrame.longLengthBytes + 127 + 4

    private let start: Int
    /// The segment's number and layout once the first window told them.
    private var number: UInt32?
    private var version: UInt32 = 0
    private var offset = 0
    private var frames = 0
    /// Where the damage the scan is looking past began, and whether its first frame was torn.
    private var damage: (from: Int, torn: Bool)?
    private var gaps = 0
    private var skippedBytes = 0
    /// Offsets below this are inside a run of one byte value already refused (`uniformRunFrameExtent`).
    private var refusedUntil = 0

    /// A scan of a segment read in windows (a bounded buffer, not the whole file), from frame
    /// offset `start` if given. The first window begins at offset 0; each `Step` says where the next begins.
    public init(from start: Int = 0) {
        self.start = start
    }

    /// Scans `bytes` (a whole segment file), from frame offset `start` if given. `visit` gets each verified frame: its type, its
    /// payload and the frame's offset in the segment. A visitor may stop early by returning false.
    /// `skipped` gets each damaged range the scan passed, before the first frame after it.
    public static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int = 0, skipped: (Range<Int>) -> Void = { _ in },
                            visit: (JournalRecordType, UnsafeRawBufferPointer, Int) -> Bool) -> Result {
        var scanner = JournalScanner(from: start)
        switch scanner.scan(bytes, at: 0, endsSegment: true, skipped: skipped, visit: visit) {
        case let .done(result): return result
        case .read: preconditionFailure("a window that ends the segment is scanned to its end")
        }
    }

    /// Walks the frames of `window`, the bytes at segment offset `base` (`endsSegment`: the
    /// segment ends where it does). `visit` is as in `scan(_:from:visit:)`, frame offsets are the
    /// segment's, and a payload is valid only during its call (the reader reuses the window).
    ///
    /// A frame the window cuts is torn only when the segment ends there; otherwise the next
    /// window begins at that frame, longer if the frame did not fit in this one. Fed the windows
    /// it asks for, the scan visits the frames and returns the `Result` that scanning the whole
    /// segment at once does.
    public mutating func scan(_ window: UnsafeRawBufferPointer, at base: Int, endsSegment: Bool,
                              skipped: (Range<Int>) -> Void = { _ in },
                              visit: (JournalRecordType, UnsafeRawBufferPointer, Int) -> Bool) -> Step {
        if number == nil {
            guard base == 0 else { return .read(offset: 0, count: 0) }
            let isWhole = endsSegment || window.count >= Self.largestWindow
            guard let (headerVersion, headerNumber) = JournalFormat.segmentHeader(window) else {
                // The header's 16 bytes decide alone.
                if isWhole || window.count >= JournalFormat.segmentHeaderSize {
                    return .done(Result(segmentNumber: nil, validEnd: 0, end: .badHeader, frames: 0))
                }
                return .read(offset: 0, count: window.count + 1)
            }
            guard let layout = JournalFrame.layoutVersion(window, header: headerVersion, isWhole: isWhole) else {
                return .read(offset: 0, count: window.count + 1)
            }
            (number, version, offset) = (headerNumber, layout, max(start, JournalFormat.segmentHeaderSize))
        }
        let windowEnd = base + window.count
        while offset < windowEnd {
            guard offset >= base else { return .read(offset: offset, count: 0) }
            if let from = damage?.from {
                if offset < refusedUntil {
                    offset += 1
                    continue
                }
                switch chain(window, at: offset - base, endsSegment: endsSegment) {
                case .absent:
                    refusedUntil = base + Self.uniformRunEnd(window, at: offset - base) - Self.uniformRunFrameExtent
                    offset += 1
                    continue
                case let .needs(count):
                    return .read(offset: offset, count: count)
                case .found:
                    gaps += 1
                    skippedBytes += offset - from
                    damage = nil
                    skipped(from..<offset)
                }
            }
            switch JournalFrame.read(window, at: offset - base, version: version) {
            case .torn:
                let available = windowEnd - offset
                // A frame of any legal length fits in `largestFrame` bytes: torn there is torn anywhere.
                guard endsSegment || available >= Self.largestFrame else { return .read(offset: offset, count: available + 1) }
                // Torn at the end, or a damaged length: what follows decides.
                damage = (offset, true)
                offset += 1
            case .corrupt:
                damage = (offset, false)
                offset += 1
            case let .frame(type, payload, end):
                frames += 1
                let frameOffset = offset
                offset = base + end
                if !visit(type, UnsafeRawBufferPointer(rebasing: window[payload]), frameOffset) { return .done(result(.clean)) }
            }
        }
        guard endsSegment else { return .read(offset: offset, count: 0) }
        return .done(result(damage.map { $0.torn ? .torn : .corrupt } ?? .clean))
    }

    private enum Chain { case found, absent, needs(Int) }

    /// Whether verified frames begin at `start` of `window` (a candidate offset past damage):
    /// `resyncCheckBits` of CRC, or fewer (`resyncEndCheckBits`) reaching the segment's end.
    private func chain(_ window: UnsafeRawBufferPointer, at start: Int, endsSegment: Bool) -> Chain {
        var p = start, bits = 0
        while true {
            let read = JournalFrame.read(window, at: p, version: version, longest: Self.resyncLongestPayload)
            if case let .frame(_, _, end) = read {
                bits += JournalFrame.isCompact(version) && window[p] & JournalFrame.shortFlag != 0 ? 16 : 32
                if bits >= Self.resyncCheckBits { return .found }
                p = end
                if p < window.count { continue }
            } else if read == .corrupt {
                return .absent
            }
            // Torn, or the window ends after a frame: at the segment's end the chain is complete.
            guard endsSegment else { return .needs(window.count - start + 1) }
            return bits >= Self.resyncEndCheckBits ? .found : .absent
        }
    }

    /// Where the run of the byte value at `start` ends in `window`.
    private static func uniformRunEnd(_ window: UnsafeRawBufferPointer, at start: Int) -> Int {
        let value = window[start]
        var end = start + 1
        while end < window.count, window[end] == value { end += 1 }
        return end
    }

    private func result(_ end: End) -> Result {
        Result(segmentNumber: number, version: version, validEnd: damage?.from ?? offset, end: end, frames: frames,
               gaps: gaps, skippedBytes: skippedBytes)
    }
}
