/// Walks the frames of one segment (in its version's layout, `JournalFrame`) and stops at the
/// first that does not verify.
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
        /// A frame header or payload runs past the end: a torn write.
        case torn
        /// A complete frame failed its CRC, had an unknown type or an absurd length.
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

    private let start: Int
    /// The segment's number and layout once the first window told them.
    private var number: UInt32?
    private var version: UInt32 = 0
    private var offset = 0
    private var frames = 0

    /// A scan of a segment read in windows (a bounded buffer, not the whole file), from frame
    /// offset `start` if given. The first window begins at offset 0; each `Step` says where the next begins.
    public init(from start: Int = 0) {
        self.start = start
    }

    /// Scans `bytes` (a whole segment file), from frame offset `start` if given. `visit` gets each verified frame: its type, its
    /// payload and the frame's offset in the segment. A visitor may stop early by returning false.
    public static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int = 0,
                            visit: (JournalRecordType, UnsafeRawBufferPointer, Int) -> Bool) -> Result {
        var scanner = JournalScanner(from: start)
        switch scanner.scan(bytes, at: 0, endsSegment: true, visit: visit) {
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
            switch JournalFrame.read(window, at: offset - base, version: version) {
            case .torn:
                let available = windowEnd - offset
                // A frame of any legal length fits in `largestFrame` bytes: torn there is torn anywhere.
                if endsSegment || available >= Self.largestFrame { return .done(result(.torn)) }
                return .read(offset: offset, count: available + 1)
            case .corrupt:
                return .done(result(.corrupt))
            case let .frame(type, payload, end):
                frames += 1
                let frameOffset = offset
                offset = base + end
                if !visit(type, UnsafeRawBufferPointer(rebasing: window[payload]), frameOffset) { return .done(result(.clean)) }
            }
        }
        return endsSegment ? .done(result(.clean)) : .read(offset: offset, count: 0)
    }

    private func result(_ end: End) -> Result {
        Result(segmentNumber: number, version: version, validEnd: offset, end: end, frames: frames)
    }
}
