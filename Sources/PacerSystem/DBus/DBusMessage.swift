@_implementationOnly import CDBus

/// An owned libdbus message (`DBusMessage *`): built for method calls, read for replies
/// and signals. Arguments are converted to `DBusValue` through `DBusMessageIter`, since
/// libdbus' variadic calls do not import into Swift.
public final class DBusMessage {
    public enum Kind: Sendable { case methodCall, methodReturn, error, signal, other }

    let pointer: OpaquePointer

    /// Takes over one reference (from `dbus_message_new_*` or `dbus_connection_pop_message`).
    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { dbus_message_unref(pointer) }

    /// A method call with its arguments appended in order (`dbus_message_new_method_call`).
    public static func methodCall(destination: String, path: String, interface: String, method: String,
                                  arguments: [DBusValue] = []) throws -> DBusMessage {
        guard let p = dbus_message_new_method_call(destination, path, interface, method) else {
            throw DBusFailure(name: "org.freedesktop.DBus.Error.NoMemory", message: "dbus_message_new_method_call")
        }
        let message = DBusMessage(taking: p)
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(p, &iter)
        for argument in arguments { try append(argument, to: &iter) }
        return message
    }

    public var kind: Kind {
        switch dbus_message_get_type(pointer) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: return .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: return .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: return .error
        case DBUS_MESSAGE_TYPE_SIGNAL: return .signal
        default: return .other
        }
    }

    public var path: String? { dbus_message_get_path(pointer).map { String(cString: $0) } }
    public var interface: String? { dbus_message_get_interface(pointer).map { String(cString: $0) } }
    public var member: String? { dbus_message_get_member(pointer).map { String(cString: $0) } }
    public var sender: String? { dbus_message_get_sender(pointer).map { String(cString: $0) } }
    public var errorName: String? { dbus_message_get_error_name(pointer).map { String(cString: $0) } }
    /// The serial of the call this message answers (0 when it answers none).
    public var replySerial: UInt32 { dbus_message_get_reply_serial(pointer) }

    /// The error of an error reply, with its message argument.
    public var failure: DBusFailure? {
        guard kind == .error else { return nil }
        return DBusFailure(name: errorName ?? "unknown error", message: arguments().first?.string ?? "")
    }

    /// Every argument. Each `h` (file descriptor) read is a new descriptor the caller must close.
    public func arguments() -> [DBusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(pointer, &iter) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            guard let v = DBusMessage.read(&iter) else { break }
            values.append(v)
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    static func read(_ iter: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iter)
        func basic<T: BitwiseCopyable>(_ zero: T) -> T {
            var v = zero
            withUnsafeMutableBytes(of: &v) { dbus_message_iter_get_basic(&iter, $0.baseAddress) }
            return v
        }
        switch type {
        case pacer_dbus_type_byte: return .byte(basic(UInt8(0)))
        case pacer_dbus_type_boolean: return .boolean(basic(dbus_bool_t(0)) != 0)
        case pacer_dbus_type_int16: return .int16(basic(Int16(0)))
        case pacer_dbus_type_uint16: return .uint16(basic(UInt16(0)))
        case pacer_dbus_type_int32: return .int32(basic(Int32(0)))
        case pacer_dbus_type_uint32: return .uint32(basic(UInt32(0)))
        case pacer_dbus_type_int64: return .int64(basic(Int64(0)))
        case pacer_dbus_type_uint64: return .uint64(basic(UInt64(0)))
        case pacer_dbus_type_double: return .double(basic(Double(0)))
        case pacer_dbus_type_unix_fd: return .unixFD(basic(Int32(-1)))
        case pacer_dbus_type_string, pacer_dbus_type_object_path, pacer_dbus_type_signature:
            let p = basic(UnsafePointer<CChar>?.none)
            let s = p.map { String(cString: $0) } ?? ""
            if type == pacer_dbus_type_object_path { return .objectPath(s) }
            return type == pacer_dbus_type_signature ? .signature(s) : .string(s)
        case pacer_dbus_type_variant:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return read(&sub).map { .variant($0) }
        case pacer_dbus_type_struct:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .structure(readAll(&sub))
        case pacer_dbus_type_array:
            let element = dbus_message_iter_get_element_type(&iter)
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            if element == pacer_dbus_type_byte {
                // Notification values: one copy of the fixed array, not a value per byte read.
                var base: UnsafePointer<UInt8>?
                var count: Int32 = 0
                dbus_message_iter_get_fixed_array(&sub, &base, &count)
                guard let base, count > 0 else { return .array([]) }
                return .array(UnsafeBufferPointer(start: base, count: Int(count)).map { .byte($0) })
            }
            if element == pacer_dbus_type_dict_entry {
                var entries: [DBusDictEntry] = []
                while dbus_message_iter_get_arg_type(&sub) == pacer_dbus_type_dict_entry {
                    var entry = DBusMessageIter()
                    dbus_message_iter_recurse(&sub, &entry)
                    let pair = readAll(&entry)
                    if pair.count == 2 { entries.append(DBusDictEntry(pair[0], pair[1])) }
                    dbus_message_iter_next(&sub)
                }
                return .dictionary(entries)
            }
            return .array(readAll(&sub))
        default:
            return nil
        }
    }

    static func readAll(_ iter: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iter) != pacer_dbus_type_invalid {
            if let v = read(&iter) { values.append(v) }
            dbus_message_iter_next(&iter)
        }
        return values
    }

    static func append(_ value: DBusValue, to iter: inout DBusMessageIter) throws {
        func basic<T: BitwiseCopyable>(_ type: Int32, _ v: T) throws {
            var v = v
            let ok = withUnsafeBytes(of: &v) { dbus_message_iter_append_basic(&iter, type, $0.baseAddress) }
            guard ok != 0 else { throw noMemory }
        }
        func container(_ type: Int32, _ signature: String?, _ body: (inout DBusMessageIter) throws -> Void) throws {
            var sub = DBusMessageIter()
            let opened = signature.map { dbus_message_iter_open_container(&iter, type, $0, &sub) }
                ?? dbus_message_iter_open_container(&iter, type, nil, &sub)
            guard opened != 0 else { throw noMemory }
            try body(&sub)
            guard dbus_message_iter_close_container(&iter, &sub) != 0 else { throw noMemory }
        }
        switch value {
        case let .byte(v): try basic(pacer_dbus_type_byte, v)
        case let .boolean(v): try basic(pacer_dbus_type_boolean, dbus_bool_t(v ? 1 : 0))
        case let .int16(v): try basic(pacer_dbus_type_int16, v)
        case let .uint16(v): try basic(pacer_dbus_type_uint16, v)
        case let .int32(v): try basic(pacer_dbus_type_int32, v)
        case let .uint32(v): try basic(pacer_dbus_type_uint32, v)
        case let .int64(v): try basic(pacer_dbus_type_int64, v)
        case let .uint64(v): try basic(pacer_dbus_type_uint64, v)
        case let .double(v): try basic(pacer_dbus_type_double, v)
        case let .unixFD(v): try basic(pacer_dbus_type_unix_fd, v)
        case let .string(s), let .objectPath(s), let .signature(s):
            let type: Int32
            switch value {
            case .objectPath: type = pacer_dbus_type_object_path
            case .signature: type = pacer_dbus_type_signature
            default: type = pacer_dbus_type_string
            }
            try s.withCString { p in try basic(type, p) }
        case let .variant(inner):
            guard let sig = inner.signature else { throw unsignable }
            try container(pacer_dbus_type_variant, sig) { sub in try append(inner, to: &sub) }
        case let .structure(items):
            try container(pacer_dbus_type_struct, nil) { sub in for item in items { try append(item, to: &sub) } }
        case let .array(items):
            guard let sig = value.signature else { throw unsignable }
            try container(pacer_dbus_type_array, String(sig.dropFirst())) { sub in
                for item in items { try append(item, to: &sub) }
            }
        case let .dictionary(entries):
            guard let sig = value.signature else { throw unsignable }
            try container(pacer_dbus_type_array, String(sig.dropFirst())) { sub in
                for entry in entries {
                    var e = DBusMessageIter()
                    guard dbus_message_iter_open_container(&sub, pacer_dbus_type_dict_entry, nil, &e) != 0 else { throw noMemory }
                    try append(entry.key, to: &e)
                    try append(entry.value, to: &e)
                    guard dbus_message_iter_close_container(&sub, &e) != 0 else { throw noMemory }
                }
            }
        }
    }

    static let noMemory = DBusFailure(name: "org.freedesktop.DBus.Error.NoMemory", message: "appending an argument")
    static let unsignable = DBusFailure(name: "org.freedesktop.DBus.Error.InvalidSignature",
                                        message: "an empty array has no element type")
}
