// Implementation-only here and in the other DBus/ files: libdbus's headers need include paths that only
// PacerSystem is given (Package.swift), so no module that imports PacerSystem, @testable tests included,
// may load CDBus. Safe without library evolution because nothing stored has a CDBus type (OpaquePointer).
@_implementationOnly import CDBus
internal import CLazyLibraries
#if canImport(Glibc)
import Glibc
#endif

/// A private libdbus connection to one bus, used from one thread: the owner polls
/// `fileDescriptor`, then `readWrite` and `popMessage` until nil. Each libdbus call is wrapped once here.
public final class DBusConnection {
    let pointer: OpaquePointer

    /// The system bus address, honouring `DBUS_SYSTEM_BUS_ADDRESS` as libdbus does.
    public static var systemBusAddress: String {
        if let p = getenv("DBUS_SYSTEM_BUS_ADDRESS") { return String(cString: p) }
        return "unix:path=/var/run/dbus/system_bus_socket"
    }

    /// Connects and registers on the bus at `address` (`dbus_connection_open_private`, `dbus_bus_register`).
    public init(address: String) throws {
        if let why = pacer_dbus_load() {
            throw DBusFailure(name: "org.freedesktop.DBus.Error.Failed", message: String(cString: why))
        }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let p = dbus_connection_open_private(address, &error) else { throw DBusConnection.failure(error) }
        dbus_connection_set_exit_on_disconnect(p, 0)
        guard dbus_bus_register(p, &error) != 0 else {
            dbus_connection_close(p)
            dbus_connection_unref(p)
            throw DBusConnection.failure(error)
        }
        pointer = p
    }

    deinit {
        dbus_connection_close(pointer)
        dbus_connection_unref(pointer)
    }

    static func failure(_ error: DBusError) -> DBusFailure {
        DBusFailure(name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
                    message: error.message.map { String(cString: $0) } ?? "")
    }

    /// Our unique name on the bus (`:1.42`).
    public var uniqueName: String { dbus_bus_get_unique_name(pointer).map { String(cString: $0) } ?? "" }

    public var isConnected: Bool { dbus_connection_get_is_connected(pointer) != 0 }

    /// The socket to poll for input (`dbus_connection_get_unix_fd`).
    public var fileDescriptor: Int32 {
        var fd: Int32 = -1
        _ = dbus_connection_get_unix_fd(pointer, &fd)
        return fd
    }

    /// Subscribes to signals matching a rule (`dbus_bus_add_match`; waits for the bus to answer).
    public func addMatch(_ rule: String) throws {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        dbus_bus_add_match(pointer, rule, &error)
        if dbus_error_is_set(&error) != 0 { throw DBusConnection.failure(error) }
    }

    /// Queues and flushes a message; returns its serial, which its reply will name.
    @discardableResult
    public func send(_ message: DBusMessage) throws -> UInt32 {
        var serial: UInt32 = 0
        guard dbus_connection_send(pointer, message.pointer, &serial) != 0 else {
            throw DBusFailure(name: "org.freedesktop.DBus.Error.NoMemory", message: "dbus_connection_send")
        }
        dbus_connection_flush(pointer)
        return serial
    }

    /// Sends a call and waits for its reply (`dbus_connection_send_with_reply_and_block`);
    /// signals that arrive meanwhile stay queued for `popMessage`.
    public func call(_ message: DBusMessage, timeoutMilliseconds: Int32 = 5000) throws -> DBusMessage {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(pointer, message.pointer, timeoutMilliseconds, &error) else {
            throw DBusConnection.failure(error)
        }
        return DBusMessage(taking: reply)
    }

    /// Moves bytes between the socket and the message queues (`dbus_connection_read_write`);
    /// false once the connection is closed.
    @discardableResult
    public func readWrite(timeoutMilliseconds: Int32 = 0) -> Bool {
        dbus_connection_read_write(pointer, timeoutMilliseconds) != 0
    }

    /// The next received message, or nil (`dbus_connection_pop_message`).
    public func popMessage() -> DBusMessage? {
        dbus_connection_pop_message(pointer).map { DBusMessage(taking: $0) }
    }
}
