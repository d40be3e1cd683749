/// A D-Bus value read from or written to a message, with the containers BlueZ uses
/// (arrays, dictionaries, structs, variants). Kept small: what a BlueZ client needs.
public indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// A file descriptor received with the message, owned by whoever takes it.
    case unixFD(Int32)
    case array([DBusValue])
    /// An array of dict entries, in message order.
    case dictionary([DBusDictEntry])
    case structure([DBusValue])
    case variant(DBusValue)

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case let .variant(inner) = self { return inner.unwrapped }
        return self
    }

    public var string: String? {
        switch unwrapped {
        case let .string(s), let .objectPath(s), let .signature(s): return s
        default: return nil
        }
    }

    public var bool: Bool? {
        if case let .boolean(b) = unwrapped { return b }
        return nil
    }

    public var integer: Int? {
        switch unwrapped {
        case let .byte(v): return Int(v)
        case let .int16(v): return Int(v)
        case let .uint16(v): return Int(v)
        case let .int32(v): return Int(v)
        case let .uint32(v): return Int(v)
        case let .int64(v): return Int(v)
        case let .uint64(v): return Int(exactly: v)
        default: return nil
        }
    }

    public var unixFD: Int32? {
        if case let .unixFD(fd) = unwrapped { return fd }
        return nil
    }

    /// An `ay` as bytes; nil when the value is not an array of bytes.
    public var bytes: [UInt8]? {
        guard case let .array(items) = unwrapped else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case let .byte(b) = item else { return nil }
            out.append(b)
        }
        return out
    }

    /// An `as` (or `ao`) as strings.
    public var strings: [String]? {
        guard case let .array(items) = unwrapped else { return nil }
        return items.compactMap { $0.string }
    }

    public var array: [DBusValue]? {
        if case let .array(items) = unwrapped { return items }
        if case .dictionary = unwrapped { return [] }
        return nil
    }

    /// A dictionary keyed by strings (`a{sv}`, `a{oa{...}}`), values as sent.
    public var stringKeyedDictionary: [String: DBusValue]? {
        switch unwrapped {
        case let .dictionary(entries):
            var out: [String: DBusValue] = [:]
            for entry in entries { if let k = entry.key.string { out[k] = entry.value } }
            return out
        case let .array(items) where items.isEmpty:
            return [:]
        default:
            return nil
        }
    }

    /// The D-Bus type signature of this value; arrays take theirs from the first element
    /// (an empty generic array cannot be signed: use `.dictionary([])` for `a{sv}`).
    var signature: String? {
        switch self {
        case .byte: return "y"
        case .boolean: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .unixFD: return "h"
        case .variant: return "v"
        case let .array(items):
            guard let first = items.first?.signature else { return nil }
            return "a" + first
        case let .dictionary(entries):
            guard let first = entries.first else { return "a{sv}" }
            guard let k = first.key.signature, let v = first.value.signature else { return nil }
            return "a{" + k + v + "}"
        case let .structure(items):
            var s = "("
            for item in items {
                guard let sig = item.signature else { return nil }
                s += sig
            }
            return s + ")"
        }
    }
}

/// One `{key, value}` of a D-Bus dictionary.
public struct DBusDictEntry: Equatable, Sendable {
    public var key: DBusValue
    public var value: DBusValue
    public init(_ key: DBusValue, _ value: DBusValue) {
        self.key = key
        self.value = value
    }
}
