/// Walks the frames of one segment (in its version's layout, `JournalFrame`) and stops at the
/// first that does not verify.
///
/// Zero-copy: the visitor gets each payload as a slice of the input. It never traps on any
/// input (every length is checked before use), which the truncation and bit-flip tests prove.
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

    /// Scans `bytes` (a whole segment file), from frame offset `start` if given. `visit` gets each verified frame: its type, its
    /// payload and the frame's offset in the segment. A visitor may stop early by returning false.
    public static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int = 0,
                            visit: (JournalRecordType, UnsafeRawBufferPointer, Int) -> Bool) -> Result {
        guard let (headerVersion, number) = JournalFormat.segmentHeader(bytes) else {
            return Result(segmentNumber: nil, validEnd: 0, end: .badHeader, frames: 0)
        }
        let version = JournalFrame.layoutVersion(bytes, header: headerVersion)
        var offset = max(start, JournalFormat.segmentHeaderSize)
        var frames = 0
        while offset < bytes.count {
            switch JournalFrame.read(bytes, at: offset, version: version) {
            case .torn:
                return Result(segmentNumber: number, version: version, validEnd: offset, end: .torn, frames: frames)
            case .corrupt:
                return Result(segmentNumber: number, version: version, validEnd: offset, end: .corrupt, frames: frames)
            case let .frame(type, payload, end):
                frames += 1
                let frameOffset = offset
                offset = end
                if !visit(type, UnsafeRawBufferPointer(rebasing: bytes[payload]), frameOffset) {
                    return Result(segmentNumber: number, version: version, validEnd: offset, end: .clean, frames: frames)
                }
            }
        }
        return Result(segmentNumber: number, version: version, validEnd: offset, end: .clean, frames: frames)
    }
}
