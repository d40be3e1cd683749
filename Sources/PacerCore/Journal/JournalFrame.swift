/// The frames that wrap journal records, in the layout of the segment's format version (see
/// `JournalFormat`): 9-byte headers in versions 1 and 2, and in version 3 a short frame (a tag
/// byte and a CRC-16) for small samples records (the 1 Hz commit's) and a long frame for the rest.
///
/// Reading is allocation-free and never traps on any bytes: every length is checked before use.
public enum JournalFrame {
    /// Short frame tag: bit 7 set, bit 6 the record type (0 taggedSamples, 1 continuedSamples),
    /// bits 0...5 the payload length.
    static let shortFlag: UInt8 = 0x80, continuedFlag: UInt8 = 0x40
    /// The largest payload a short frame carries; larger samples records take a long frame.
    public static let shortMaximumPayload = 63
    /// Tag byte and CRC-16 of a short frame.
    public static let shortOverhead = 3
    /// A long frame's length varint takes at most this many bytes (`maximumPayload` < 2^28).
    static let longLengthBytes = 4

    /// What lies at an offset of a segment.
    public enum Read: Equatable, Sendable {
        /// A verified frame: its record type, where its payload is, where the next frame starts.
        case frame(JournalRecordType, payload: Range<Int>, end: Int)
        /// The frame runs past the end of the bytes (a torn write).
        case torn
        /// A complete frame that fails its check, has an unknown type or an absurd length (or zeros).
        case corrupt
    }

    /// Whether segments of `version` use the compact layout of format 3.
    @inline(__always) static func isCompact(_ version: UInt32) -> Bool { version >= 3 }

    /// Appends one framed record to `out` in the layout of a segment of format `version`.
    public static func append(type: JournalRecordType, payload: UnsafeRawBufferPointer, version: UInt32, to out: inout [UInt8]) {
        guard isCompact(version) else { return appendFixed(type: type, payload: payload, to: &out) }
        let start = out.count
        if let flag = shortTypeFlag(type), payload.count <= shortMaximumPayload {
            out.append(shortFlag | flag | UInt8(payload.count))
            out.append(contentsOf: payload)
            let crc = out.withUnsafeBytes { CRC16CCITT.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
            out.append(UInt8(truncatingIfNeeded: crc)); out.append(UInt8(truncatingIfNeeded: crc >> 8))
            return
        }
        assert(type.rawValue < shortFlag, "record types are below 128: a tag with bit 7 is a short frame")
        out.append(type.rawValue)
        var n = payload.count
        while n >= 0x80 { out.append(UInt8(truncatingIfNeeded: n) | 0x80); n >>= 7 }
        out.append(UInt8(n))
        out.append(contentsOf: payload)
        let crc = out.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: crc >> (8 * UInt32(k)))) }
    }

    public static func append(type: JournalRecordType, payload: [UInt8], version: UInt32, to out: inout [UInt8]) {
        payload.withUnsafeBytes { append(type: type, payload: $0, version: version, to: &out) }
    }

    /// The short frame's type bit for record types that may take one.
    static func shortTypeFlag(_ type: JournalRecordType) -> UInt8? {
        switch type {
        case .taggedSamples: 0
        case .continuedSamples: continuedFlag
        default: nil
        }
    }

    /// Formats 1 and 2: u32 length, u8 type, u32 CRC-32C of those 5 bytes and the payload.
    static func appendFixed(type: JournalRecordType, payload: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        var w = ByteWriter(capacity: JournalFormat.frameHeaderSize)
        w.u32(UInt32(payload.count))
        w.u8(type.rawValue)
        let crc = CRC32C.update(w.bytes.withUnsafeBytes { CRC32C.update(0, $0) }, payload)
        w.u32(crc)
        out.append(contentsOf: w.bytes)
        out.append(contentsOf: payload)
    }

    /// The version whose layout a segment's frames use: its header's, unless the first frame
    /// verifies only in the other layout. The version field has no check of its own, and a flip
    /// that turns 3 into 2 must not make a reader (and the writer's recovery, which truncates
    /// at the first bad frame) take every frame of the segment for damage.
    ///
    /// `bytes` starts at the segment's offset 0; when it is only a prefix (`isWhole` false: a
    /// reader's first window), nil says the prefix cuts a frame the answer depends on.
    public static func layoutVersion(_ bytes: UnsafeRawBufferPointer, header version: UInt32, isWhole: Bool) -> UInt32? {
        let first = JournalFormat.segmentHeaderSize
        guard bytes.count > first else { return isWhole ? version : nil }
        let own = read(bytes, at: first, version: version)
        if own == .torn, !isWhole { return nil }
        guard own == .corrupt else { return version }
        let other: UInt32 = isCompact(version) ? 2 : JournalFormat.version
        switch read(bytes, at: first, version: other) {
        case .frame: return other
        case .torn where !isWhole: return nil
        default: return version
        }
    }

    /// Reads the frame at `offset` of `bytes` (a segment of format `version`). A frame whose
    /// payload would be longer than `longest` is corrupt (a resync past damage bounds the work
    /// a candidate offset costs with it).
    public static func read(_ bytes: UnsafeRawBufferPointer, at offset: Int, version: UInt32,
                            longest: Int = JournalFormat.maximumPayload) -> Read {
        isCompact(version) ? readCompact(bytes, at: offset, longest: longest) : readFixed(bytes, at: offset, longest: longest)
    }

    static func readFixed(_ bytes: UnsafeRawBufferPointer, at offset: Int, longest: Int) -> Read {
        let n = bytes.count
        guard n - offset >= JournalFormat.frameHeaderSize else { return .torn }
        let length = Int(u32(bytes, offset))
        let stored = u32(bytes, offset + 5)
        guard length <= longest, let type = JournalRecordType(rawValue: bytes[offset + 4]) else { return .corrupt }
        let payloadStart = offset + JournalFormat.frameHeaderSize
        guard n - payloadStart >= length else { return .torn }
        let crc = CRC32C.update(CRC32C.update(0, UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 5)])),
                                UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<(payloadStart + length)]))
        guard crc == stored else { return .corrupt }
        return .frame(type, payload: payloadStart..<(payloadStart + length), end: payloadStart + length)
    }

    static func readCompact(_ bytes: UnsafeRawBufferPointer, at offset: Int, longest: Int) -> Read {
        let n = bytes.count
        guard offset < n else { return .torn }
        let tag = bytes[offset]
        if tag & shortFlag != 0 {
            let type: JournalRecordType = tag & continuedFlag != 0 ? .continuedSamples : .taggedSamples
            let length = Int(tag & 0x3F)
            let checkAt = offset + 1 + length
            guard n - checkAt >= 2 else { return .torn }
            let stored = UInt16(bytes[checkAt]) | UInt16(bytes[checkAt + 1]) << 8
            guard CRC16CCITT.checksum(UnsafeRawBufferPointer(rebasing: bytes[offset..<checkAt])) == stored else { return .corrupt }
            return .frame(type, payload: (offset + 1)..<checkAt, end: checkAt + 2)
        }
        // Tag 0 (zero fill) and unknown types are no record.
        guard let type = JournalRecordType(rawValue: tag) else { return .corrupt }
        var length = 0, p = offset + 1
        for k in 0..<longLengthBytes {
            guard p < n else { return .torn }
            let b = bytes[p]
            p += 1
            length |= Int(b & 0x7F) << (7 * k)
            if b < 0x80 { break }
            if k == longLengthBytes - 1 { return .corrupt }
        }
        guard length <= longest else { return .corrupt }
        guard n - p >= length + 4 else { return .torn }
        let checkAt = p + length
        guard CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[offset..<checkAt])) == u32(bytes, checkAt) else { return .corrupt }
        return .frame(type, payload: p..<checkAt, end: checkAt + 4)
    }

    @inline(__always) static func u32(_ b: UnsafeRawBufferPointer, _ o: Int) -> UInt32 {
        UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
    }
}
