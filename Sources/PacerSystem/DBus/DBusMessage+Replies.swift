@_implementationOnly import CDBus

/// What a D-Bus service (rather than a client) sends: replies to the calls it receives and
/// signals. Used by the BLE peripheral, which bluetoothd calls back.
extension DBusMessage {
    /// A method return for `call` carrying `arguments` (`dbus_message_new_method_return`).
    public static func methodReturn(to call: DBusMessage, arguments: [DBusValue] = []) throws -> DBusMessage {
        guard let p = dbus_message_new_method_return(call.pointer) else { throw noMemory }
        return try DBusMessage(taking: p).appending(arguments)
    }

    /// An error reply for `call` (`dbus_message_new_error`).
    public static func errorReply(to call: DBusMessage, name: String, message: String) throws -> DBusMessage {
        guard let p = dbus_message_new_error(call.pointer, name, message) else { throw noMemory }
        return DBusMessage(taking: p)
    }

    /// A signal from `path` (`dbus_message_new_signal`).
    public static func signal(path: String, interface: String, member: String, arguments: [DBusValue] = []) throws -> DBusMessage {
        guard let p = dbus_message_new_signal(path, interface, member) else { throw noMemory }
        return try DBusMessage(taking: p).appending(arguments)
    }

    /// The caller said it will not read a reply (`dbus_message_get_no_reply`).
    public var noReplyExpected: Bool { dbus_message_get_no_reply(pointer) != 0 }

    /// Appends arguments after those already in the message.
    public func appending(_ arguments: [DBusValue]) throws -> DBusMessage {
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(pointer, &iter)
        for argument in arguments { try DBusMessage.append(argument, to: &iter) }
        return self
    }

    /// Appends an empty array of `elementSignature` (an empty `DBusValue.array` has no type to sign).
    public func appendingEmptyArray(of elementSignature: String) throws -> DBusMessage {
        var iter = DBusMessageIter()
        var sub = DBusMessageIter()
        dbus_message_iter_init_append(pointer, &iter)
        guard dbus_message_iter_open_container(&iter, pacer_dbus_type_array, elementSignature, &sub) != 0,
              dbus_message_iter_close_container(&iter, &sub) != 0 else { throw DBusMessage.noMemory }
        return self
    }
}

extension DBusConnection {
    /// Queues a message without flushing: a burst of replies goes out with one `flush`.
    public func enqueue(_ message: DBusMessage) throws {
        guard dbus_connection_send(pointer, message.pointer, nil) != 0 else { throw DBusMessage.noMemory }
    }

    /// Writes what is queued (`dbus_connection_flush`).
    public func flush() { dbus_connection_flush(pointer) }
}
