internal import CBluetooth
internal import CLazyLibraries

/// A Bluetooth device address (`00:22:D0:AA:BB:01`), validated and normalised by
/// libbluetooth (`bachk`, `str2ba`, `ba2str`) so config, command line and BlueZ's
/// `Address` property compare equal whatever case the user typed.
public struct BluetoothAddress: Hashable, Sendable, CustomStringConvertible {
    /// The canonical form, upper-case hex, as BlueZ reports it.
    public let description: String
    /// The six bytes in transmission order (least significant first, as in `bdaddr_t`).
    public let bytes: [UInt8]

    /// Why a text is not a Bluetooth address.
    public struct InvalidAddress: Error, Equatable, Sendable, CustomStringConvertible {
        public let text: String
        /// Set when no address could be checked at all: libbluetooth did not load.
        public var reason: String? = nil
        public var description: String {
            reason.map { "'\(text)' cannot be checked: \($0)" }
                ?? "'\(text)' is not a Bluetooth address (expected XX:XX:XX:XX:XX:XX)"
        }
    }

    public init(_ text: String) throws(InvalidAddress) {
        if let why = pacer_bluetooth_load() { throw InvalidAddress(text: text, reason: String(cString: why)) }
        // bachk checks the 17-character XX:XX:XX:XX:XX:XX shape that str2ba silently accepts less of.
        guard text.utf8.count == 17, bachk(text) == 0 else { throw InvalidAddress(text: text) }
        var address = bdaddr_t()
        guard str2ba(text, &address) == 0 else { throw InvalidAddress(text: text) }
        bytes = withUnsafeBytes(of: address.b) { Array($0) }
        var buffer = [CChar](repeating: 0, count: 18)
        _ = ba2str(&address, &buffer)
        description = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
