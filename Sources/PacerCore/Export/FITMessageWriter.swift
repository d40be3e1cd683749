/// Low-level FIT encoding: definition and data messages, base types with their invalid
/// values, the CRC-16 of the FIT protocol and the 14-byte file header.
public struct FITMessageWriter {
    /// FIT base types used here: (base type byte, size, invalid value).
    public enum BaseType: Sendable {
        case enumeration, uint8, uint16, sint32, uint32, uint32z
        /// A UTF-8 string field of this many bytes, its NUL included (a workout's or a step's
        /// name): `data(local:_:texts:)` fills it.
        case string(Int)

        var code: UInt8 {
            switch self {
            case .enumeration: 0x00; case .uint8: 0x02; case .uint16: 0x84; case .sint32: 0x85; case .uint32: 0x86; case .uint32z: 0x8C
            case .string: 0x07
            }
        }
        var size: Int {
            switch self { case .enumeration, .uint8: 1; case .uint16: 2; case .sint32, .uint32, .uint32z: 4; case .string(let bytes): max(1, min(bytes, 255)) }
        }
        var invalid: UInt64 {
            switch self { case .enumeration, .uint8: 0xFF; case .uint16: 0xFFFF; case .sint32: 0x7FFF_FFFF; case .uint32: 0xFFFF_FFFF; case .uint32z, .string: 0 }
        }
        /// Largest valid value (one below the invalid marker for unsigned types).
        var range: ClosedRange<Int64> {
            switch self {
            case .enumeration, .uint8: 0...0xFE
            case .uint16: 0...0xFFFE
            case .sint32: -0x7FFF_FFFF...0x7FFF_FFFE
            case .uint32: 0...0xFFFF_FFFE
            case .uint32z: 1...0xFFFF_FFFF
            case .string: 0...0
            }
        }
    }

    public typealias Field = (number: UInt8, type: BaseType)

    /// The data records (everything between the header and the file CRC).
    public private(set) var records = ByteWriter(capacity: 1 << 16)
    private var definitions: [[Field]] = Array(repeating: [], count: 16)

    public init() {}

    /// Defines local message `local` as global message `global` with `fields`.
    public mutating func define(local: UInt8, global: UInt16, fields: [Field]) {
        records.u8(0x40 | local)
        records.u8(0)       // reserved
        records.u8(0)       // architecture: little endian
        records.u16(global)
        records.u8(UInt8(fields.count))
        for f in fields {
            records.u8(f.number); records.u8(UInt8(f.type.size)); records.u8(f.type.code)
        }
        definitions[Int(local)] = fields
    }

    /// Writes a data message; nil values (or non-finite inputs) become the type's invalid value.
    /// A string field takes the next of `texts` (its place in `values` is not read), cut to the
    /// field's size at a character boundary and padded with NULs.
    public mutating func data(local: UInt8, _ values: [Int64?], texts: [String] = []) {
        let fields = definitions[Int(local)]
        precondition(fields.count == values.count, "field count mismatch for local message \(local)")
        records.u8(local)
        var nextText = texts.makeIterator()
        for (f, v) in zip(fields, values) {
            if case .string = f.type {
                records.append(Self.stringBytes(nextText.next() ?? "", size: f.type.size))
                continue
            }
            let raw: UInt64 = v.map { UInt64(bitPattern: min(max($0, f.type.range.lowerBound), f.type.range.upperBound)) } ?? f.type.invalid
            switch f.type.size {
            case 1: records.u8(UInt8(truncatingIfNeeded: raw))
            case 2: records.u16(UInt16(truncatingIfNeeded: raw))
            default: records.u32(UInt32(truncatingIfNeeded: raw))
            }
        }
    }

    /// `text` as a string field of `size` bytes: whole characters that fit before the NUL.
    static func stringBytes(_ text: String, size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for c in text.unicodeScalars {
            let encoded = Array(String(c).utf8)
            guard bytes.count + encoded.count < size else { break }
            bytes += encoded
        }
        return bytes + [UInt8](repeating: 0, count: max(0, size - bytes.count))
    }

    /// A scaled value rounded to an integer, nil stays nil (NaN and infinities too).
    public static func scaled(_ v: Double?, _ scale: Double, offset: Double = 0) -> Int64? {
        guard let v, v.isFinite else { return nil }
        let x = ((v + offset) * scale).rounded()
        guard abs(x) < 9e15 else { return nil }
        return x.clampedInt64()
    }

    static let crcTable: [UInt16] = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
                                     0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]

    /// The FIT CRC-16 (nibble table, as in the FIT SDK).
    public static func crc(_ bytes: some Sequence<UInt8>, start: UInt16 = 0) -> UInt16 {
        var crc = start
        for byte in bytes {
            var tmp = crcTable[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ crcTable[Int(byte & 0xF)]
            tmp = crcTable[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ crcTable[Int((byte >> 4) & 0xF)]
        }
        return crc
    }

    /// Header (14 bytes, protocol 2.0, profile 21.32, with its CRC) + records + file CRC.
    public func file() -> [UInt8] {
        var h = ByteWriter(capacity: 14)
        h.u8(14); h.u8(0x20); h.u16(2132); h.u32(UInt32(records.count))
        h.append(Array(".FIT".utf8))
        h.u16(FITMessageWriter.crc(h.bytes))
        var out = h.bytes
        out.append(contentsOf: records.bytes)
        let c = FITMessageWriter.crc(out)
        out.append(UInt8(c & 0xFF)); out.append(UInt8(c >> 8))
        return out
    }
}
