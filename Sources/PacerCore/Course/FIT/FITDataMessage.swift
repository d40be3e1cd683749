/// One data message of a FIT file, as a view of the file's bytes and its definition: a field is
/// read when asked for, in the definition's byte order, so a message with fifty fields the reader
/// does not want costs nothing for them. A field's invalid value (FIT's only "absent") reads as nil.
public struct FITDataMessage: Sendable {
    /// The whole file (shared, not copied).
    let bytes: [UInt8]
    /// Byte offset of the message's header byte in the file.
    public let offset: Int
    public let definition: FITFileReader.Definition
    /// The message's time in seconds since the FIT epoch: its `timestamp` field (253), or what
    /// its compressed-timestamp header adds to the last one; nil when neither says (a compressed
    /// header with no full timestamp before it to count from).
    public let timestamp: UInt32?

    public var global: UInt16 { definition.global }

    /// The definition of field `number`, if this message has it.
    public func field(_ number: UInt8) -> FITFileReader.Field? {
        definition.fields.first { $0.number == number }
    }

    /// The field's bytes as the file holds them (in the message's byte order).
    public func rawBytes(_ number: UInt8) -> ArraySlice<UInt8>? {
        guard let f = field(number) else { return nil }
        let start = offset + 1 + f.offset
        return bytes[start..<(start + f.size)]
    }

    /// An integer field's value; nil when the message has no such field, the field is not one
    /// integer (an array, a string, a size its base type does not have) or holds the invalid value.
    public func integer(_ number: UInt8) -> Int64? {
        guard let f = field(number), f.baseType.kind == .integer, f.size == f.baseType.size else { return nil }
        let start = offset + 1 + f.offset
        var raw: UInt64 = 0
        for k in 0..<f.size {
            let shift = definition.bigEndian ? 8 * (f.size - 1 - k) : 8 * k
            raw |= UInt64(bytes[start + k]) << UInt64(shift)
        }
        guard raw != f.baseType.invalid else { return nil }
        if f.baseType.isSigned {
            // Sign-extend from the field's width.
            let unused = UInt64(64 - 8 * f.size)
            return Int64(bitPattern: raw << unused) >> Int64(unused)
        }
        return Int64(exactly: raw)
    }

    /// A string field's text: the UTF-8 bytes before the first NUL (a string array's first
    /// string); nil when absent or empty. Bytes that are not UTF-8 become U+FFFD.
    public func string(_ number: UInt8) -> String? {
        guard let f = field(number), f.baseType.kind == .string, let raw = rawBytes(number) else { return nil }
        let text = raw.prefix { $0 != 0 }
        return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
    }
}
