/// Why a GATT characteristic value was rejected: the payload is kept by the caller
/// (logged, counted) and this says exactly what was wrong with it.
public enum GATTDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The notification carried no bytes at all (not even the flags).
    case empty
    /// A field announced by the flags does not fit: `needed` bytes from `offset`, only `available` left.
    case truncated(field: String, offset: Int, needed: Int, available: Int)
    /// Flag bits the specification reserves are set, so the layout cannot be trusted.
    case reservedFlags(UInt8)
    /// A value outside the range the specification allows (battery level above 100 %).
    case outOfRange(field: String, value: Int)
    /// The flags announce a list (RR intervals) but no element follows.
    case missingValues(field: String)
    /// Bytes after the last field the flags announce: flags and length disagree.
    case unexpectedTrailingBytes(offset: Int, count: Int)
    /// A characteristic Pacer has no decoder for.
    case unknownCharacteristic(UInt16)

    public var description: String {
        switch self {
        case .empty: return "empty payload"
        case let .truncated(field, offset, needed, available):
            return "truncated \(field): needs \(needed) byte(s) at offset \(offset), \(available) left"
        case let .reservedFlags(flags): return "reserved flag bits set in flags 0x\(GATTBytes.hex(flags))"
        case let .outOfRange(field, value): return "\(field) out of range: \(value)"
        case let .missingValues(field): return "flags announce \(field) but none follow"
        case let .unexpectedTrailingBytes(offset, count):
            return "\(count) unexpected byte(s) at offset \(offset) after the announced fields"
        case let .unknownCharacteristic(uuid): return "no decoder for characteristic 0x\(GATTBytes.hex(uuid))"
        }
    }
}
