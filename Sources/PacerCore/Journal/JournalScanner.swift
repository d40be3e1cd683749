/// Walks the frames of one segment and stops at the first that does not verify.
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
        /// The segment's format version (from its header); 0 when the header is bad.
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
        guard let (version, number) = JournalFormat.segmentHeader(bytes) else {
            return Result(segmentNumber: nil, validEnd: 0, end: .badHeader, frames: 0)
        }
        var offset = max(start, JournalFormat.segmentHeaderSize)
        var frames = 0
        let n = bytes.count
        while offset < n {
            guard n - offset >= JournalFormat.frameHeaderSize else {
                return Result(segmentNumber: number, version: version, validEnd: offset, end: .torn, frames: frames)
            }
            let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
            let typeByte = bytes[offset + 4]
            let stored = UInt32(bytes[offset + 5]) | UInt32(bytes[offset + 6]) << 8 | UInt32(bytes[offset + 7]) << 16 | UInt32(bytes[offset + 8]) << 24
            guard length <= JournalFormat.maximumPayload, let type = JournalRecordType(rawValue: typeByte) else {
                return Result(segmentNumber: number, version: version, validEnd: offset, end: .corrupt, frames: frames)
            }
            let payloadStart = offset + JournalFormat.frameHeaderSize
            guard n - payloadStart >= length else {
                return Result(segmentNumber: number, version: version, validEnd: offset, end: .torn, frames: frames)
            }
            var crc = CRC32C.update(0, UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 5)]))
            let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<(payloadStart + length)])
            crc = CRC32C.update(crc, payload)
            guard crc == stored else {
                return Result(segmentNumber: number, version: version, validEnd: offset, end: .corrupt, frames: frames)
            }
            frames += 1
            let frameOffset = offset
            offset = payloadStart + length
            if !visit(type, payload, frameOffset) {
                return Result(segmentNumber: number, version: version, validEnd: offset, end: .clean, frames: frames)
            }
        }
        return Result(segmentNumber: number, version: version, validEnd: offset, end: .clean, frames: frames)
    }
}
