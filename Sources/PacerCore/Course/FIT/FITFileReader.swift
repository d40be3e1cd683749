/// Reads the data messages of a FIT file, one at a time, for a reader that knows which messages
/// and fields it wants (`FITCourseReader`). The bytes come from outside (a download, a watch), so
/// every length is checked against the bytes there are before anything is read: a bad file is one
/// `CourseError` naming the byte offset where it went wrong, never a trap.
///
/// What it understands, as the FIT protocol (2.0) defines it: the 12- or 14-byte header (the
/// 14-byte one's CRC is checked unless it is 0, which means "not computed"), the file CRC,
/// definition messages of either architecture, normal and compressed-timestamp data headers,
/// developer fields (skipped: their meaning lives in other messages, and a course needs none),
/// and files chained one after another. A data message is handed out as a view of the file's
/// bytes (`FITDataMessage`): nothing is copied or allocated per field.
public struct FITFileReader {
    /// One field of a definition message: where its bytes lie in a data message of that type.
    public struct Field: Equatable, Sendable {
        public let number: UInt8
        /// Bytes in the data message (a multiple of the base type's size for an array).
        public let size: Int
        public let baseType: FITBaseType
        /// Bytes from the data message's first content byte (the one after its header).
        public let offset: Int
    }

    /// A definition message: the global message a local type stands for and its fields.
    public struct Definition: Sendable {
        public let global: UInt16
        public let bigEndian: Bool
        public let fields: [Field]
        /// Content bytes of a data message of this type: its fields and developer fields.
        public let size: Int
    }

    /// The whole file; messages are views into it.
    public let bytes: [UInt8]
    /// The next message header's byte offset (the data's end once all is read).
    public private(set) var offset = 0
    /// Where the current file's data ends (its CRC follows).
    private var dataEnd = 0
    private var definitions: [Definition?] = Array(repeating: nil, count: 16)
    /// The last timestamp seen (field 253, or a compressed header's): compressed headers count from it.
    private var lastTimestamp: UInt32?

    /// Checks the header and the CRCs of the first file; the messages are read by `next()`.
    public init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        (offset, dataEnd) = try Self.header(of: bytes, at: 0)
    }

    /// The next data message (definitions are taken in on the way); nil at the end of the last
    /// chained file.
    public mutating func next() throws -> FITDataMessage? {
        while true {
            if offset >= dataEnd {
                let following = dataEnd + 2
                if following >= bytes.count { return nil }
                // Another FIT file follows: its own header, CRC and local types.
                (offset, dataEnd) = try Self.header(of: bytes, at: following)
                definitions = Array(repeating: nil, count: 16)
                lastTimestamp = nil
                continue
            }
            let at = offset
            let header = bytes[at]
            if header & 0x80 != 0 {
                // Compressed timestamp header: local type 0...3 and a 5-bit time offset from the last timestamp.
                let local = Int((header >> 5) & 0x03)
                let timeOffset = UInt32(header & 0x1F)
                var timestamp: UInt32?
                if let last = lastTimestamp {
                    // The offset rolls over every 32 s: a smaller offset than the last one's low bits is the next lap.
                    let base = last & ~UInt32(0x1F)
                    timestamp = timeOffset >= (last & 0x1F) ? base &+ timeOffset : base &+ timeOffset &+ 0x20
                    lastTimestamp = timestamp
                }
                return try dataMessage(at: at, local: local, timestamp: timestamp)
            }
            if header & 0x40 != 0 {
                try readDefinition(at: at, header: header)
                continue
            }
            let message = try dataMessage(at: at, local: Int(header & 0x0F), timestamp: nil)
            guard let stamp = message.integer(253).flatMap({ UInt32(exactly: $0) }) else { return message }
            lastTimestamp = stamp
            return FITDataMessage(bytes: bytes, offset: at, definition: message.definition, timestamp: stamp)
        }
    }

    /// Reads every data message, handing each to `body`.
    public static func forEach(_ bytes: [UInt8], _ body: (FITDataMessage) throws -> Void) throws {
        var reader = try FITFileReader(bytes)
        while let message = try reader.next() { try body(message) }
    }

    static func failure(_ at: Int, _ what: String) -> CourseError { CourseError("FIT: byte \(at): \(what)") }

    static func hex(_ v: UInt16) -> String { "0x" + String(v, radix: 16, uppercase: true) }

    /// Checks the header of the file starting at `start` and its CRCs; returns where its data
    /// starts and ends.
    static func header(of bytes: [UInt8], at start: Int) throws -> (data: Int, end: Int) {
        let available = bytes.count - start
        guard available >= 12 else {
            throw failure(start, "\(available) bytes are too few for a FIT header (12 or 14 bytes)")
        }
        let headerSize = Int(bytes[start])
        guard headerSize >= 12 else { throw failure(start, "header size \(headerSize) is below FIT's 12 bytes") }
        guard headerSize <= available else {
            throw failure(start, "header size \(headerSize) runs past the file's end (\(bytes.count) bytes)")
        }
        guard bytes[start + 8] == 0x2E, bytes[start + 9] == 0x46, bytes[start + 10] == 0x49, bytes[start + 11] == 0x54 else {
            throw failure(start + 8, "no \".FIT\" signature: not a FIT file")
        }
        let dataSize = Int(readU32(bytes, start + 4, bigEndian: false))
        // The file's data, then its 2-byte CRC; Int holds any UInt32, so these sums cannot overflow.
        let data = start + headerSize, end = data + dataSize
        guard end + 2 <= bytes.count else {
            throw failure(start + 4, "data size \(dataSize) runs past the file's end (\(bytes.count) bytes, \(headerSize)-byte header and 2-byte CRC)")
        }
        if headerSize >= 14 {
            let stated = readU16(bytes, start + 12, bigEndian: false)
            let computed = FITMessageWriter.crc(bytes[start..<(start + 12)])
            guard stated == 0 || stated == computed else {
                throw failure(start + 12, "header CRC \(hex(stated)) does not match the header's \(hex(computed))")
            }
        }
        let stated = readU16(bytes, end, bigEndian: false)
        let computed = FITMessageWriter.crc(bytes[start..<end])
        guard stated == computed else {
            throw failure(end, "file CRC \(hex(stated)) does not match the data's \(hex(computed))")
        }
        return (data, end)
    }

    /// Takes in the definition message at `at`: 5 fixed bytes after the header, 3 per field,
    /// then (developer flag) a count and 3 per developer field.
    private mutating func readDefinition(at: Int, header: UInt8) throws {
        guard at + 6 <= dataEnd else { throw Self.failure(at, "definition message runs past the data's end at byte \(dataEnd)") }
        let architecture = bytes[at + 2]
        guard architecture <= 1 else {
            throw Self.failure(at + 2, "architecture \(architecture) is neither 0 (little endian) nor 1 (big endian)")
        }
        let bigEndian = architecture == 1
        let global = Self.readU16(bytes, at + 3, bigEndian: bigEndian)
        let count = Int(bytes[at + 5])
        var p = at + 6
        guard p + 3 * count <= dataEnd else {
            throw Self.failure(at, "definition message of \(count) fields runs past the data's end at byte \(dataEnd)")
        }
        var fields: [Field] = []
        fields.reserveCapacity(count)
        var size = 0
        for _ in 0..<count {
            let number = bytes[p], fieldSize = Int(bytes[p + 1]), typeByte = bytes[p + 2]
            guard fieldSize > 0 else { throw Self.failure(p + 1, "field \(number) of global message \(global) has size 0") }
            guard let baseType = FITBaseType.from(byte: typeByte) else {
                throw Self.failure(p + 2, "field \(number) of global message \(global) has unknown base type \(Self.hex(UInt16(typeByte)))")
            }
            fields.append(Field(number: number, size: fieldSize, baseType: baseType, offset: size))
            size += fieldSize
            p += 3
        }
        if header & 0x20 != 0 {
            guard p + 1 <= dataEnd else { throw Self.failure(p, "developer field count runs past the data's end at byte \(dataEnd)") }
            let developerCount = Int(bytes[p])
            p += 1
            guard p + 3 * developerCount <= dataEnd else {
                throw Self.failure(p - 1, "\(developerCount) developer fields run past the data's end at byte \(dataEnd)")
            }
            // Skipped by size: field number, size, developer data index.
            for _ in 0..<developerCount {
                size += Int(bytes[p + 1])
                p += 3
            }
        }
        definitions[Int(header & 0x0F)] = Definition(global: global, bigEndian: bigEndian, fields: fields, size: size)
        offset = p
    }

    private mutating func dataMessage(at: Int, local: Int, timestamp: UInt32?) throws -> FITDataMessage {
        guard let definition = definitions[local] else { throw Self.failure(at, "data message for undefined local type \(local)") }
        let end = at + 1 + definition.size
        guard end <= dataEnd else {
            throw Self.failure(at, "data message of global message \(definition.global) (\(definition.size) bytes) runs past the data's end at byte \(dataEnd)")
        }
        offset = end
        return FITDataMessage(bytes: bytes, offset: at, definition: definition, timestamp: timestamp)
    }

    /// Reads 2 bytes at `at` (the caller has checked they are there).
    static func readU16(_ bytes: [UInt8], _ at: Int, bigEndian: Bool) -> UInt16 {
        let a = UInt16(bytes[at]), b = UInt16(bytes[at + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    /// Reads 4 bytes at `at` (the caller has checked they are there).
    static func readU32(_ bytes: [UInt8], _ at: Int, bigEndian: Bool) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 { v |= UInt32(bytes[at + k]) << (bigEndian ? 8 * (3 - k) : 8 * k) }
        return v
    }
}
