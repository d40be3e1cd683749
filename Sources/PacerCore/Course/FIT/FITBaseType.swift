/// A FIT base type as a reader meets it in a definition message: how many bytes one value takes,
/// whether it is signed, and the bit pattern that means "no value" (FIT has no other way to say a
/// field is absent, so a reader that took 0x7FFFFFFF for a latitude would put the rider at 180°).
/// The base type byte's low five bits number the type; bit 7 only says it has an endianness.
public struct FITBaseType: Equatable, Sendable {
    public enum Kind: Sendable { case integer, float, string, bytes }

    /// The base type's number (the byte's low five bits, 0...16).
    public let number: UInt8
    public let name: String
    /// Bytes of one value; a field of several is an array of them.
    public let size: Int
    public let kind: Kind
    public let isSigned: Bool
    /// The value (as its bits, in the file's byte order read) that marks the field absent.
    public let invalid: UInt64

    /// The FIT profile's base types, indexed by number.
    static let table: [FITBaseType] = [
        FITBaseType(number: 0, name: "enum", size: 1, kind: .integer, isSigned: false, invalid: 0xFF),
        FITBaseType(number: 1, name: "sint8", size: 1, kind: .integer, isSigned: true, invalid: 0x7F),
        FITBaseType(number: 2, name: "uint8", size: 1, kind: .integer, isSigned: false, invalid: 0xFF),
        FITBaseType(number: 3, name: "sint16", size: 2, kind: .integer, isSigned: true, invalid: 0x7FFF),
        FITBaseType(number: 4, name: "uint16", size: 2, kind: .integer, isSigned: false, invalid: 0xFFFF),
        FITBaseType(number: 5, name: "sint32", size: 4, kind: .integer, isSigned: true, invalid: 0x7FFF_FFFF),
        FITBaseType(number: 6, name: "uint32", size: 4, kind: .integer, isSigned: false, invalid: 0xFFFF_FFFF),
        FITBaseType(number: 7, name: "string", size: 1, kind: .string, isSigned: false, invalid: 0),
        FITBaseType(number: 8, name: "float32", size: 4, kind: .float, isSigned: true, invalid: 0xFFFF_FFFF),
        FITBaseType(number: 9, name: "float64", size: 8, kind: .float, isSigned: true, invalid: 0xFFFF_FFFF_FFFF_FFFF),
        FITBaseType(number: 10, name: "uint8z", size: 1, kind: .integer, isSigned: false, invalid: 0),
        FITBaseType(number: 11, name: "uint16z", size: 2, kind: .integer, isSigned: false, invalid: 0),
        FITBaseType(number: 12, name: "uint32z", size: 4, kind: .integer, isSigned: false, invalid: 0),
        FITBaseType(number: 13, name: "byte", size: 1, kind: .bytes, isSigned: false, invalid: 0xFF),
        FITBaseType(number: 14, name: "sint64", size: 8, kind: .integer, isSigned: true, invalid: 0x7FFF_FFFF_FFFF_FFFF),
        FITBaseType(number: 15, name: "uint64", size: 8, kind: .integer, isSigned: false, invalid: 0xFFFF_FFFF_FFFF_FFFF),
        FITBaseType(number: 16, name: "uint64z", size: 8, kind: .integer, isSigned: false, invalid: 0),
    ]

    /// The base type a definition's base type byte names; nil for a number the profile has not.
    public static func from(byte: UInt8) -> FITBaseType? {
        let number = Int(byte & 0x1F)
        return number < table.count ? table[number] : nil
    }
}
