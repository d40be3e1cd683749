/// bluetoothd's objects as last reported (GetManagedObjects, then InterfacesAdded,
/// InterfacesRemoved and PropertiesChanged): path -> interface -> property -> value.
/// The client asks it questions instead of calling Get for each property.
public struct BlueZObjectTree: Sendable {
    public static let adapterInterface = "org.bluez.Adapter1"
    public static let deviceInterface = "org.bluez.Device1"
    public static let characteristicInterface = "org.bluez.GattCharacteristic1"

    public private(set) var objects: [String: [String: [String: DBusValue]]] = [:]

    public init() {}

    /// A device as the client needs it.
    public struct Device: Equatable, Sendable {
        public let path: String
        public let address: String
        public let name: String?
        public let services: [UInt16]
        public let connected: Bool
        public let servicesResolved: Bool
    }

    /// A characteristic under a device.
    public struct Characteristic: Equatable, Sendable {
        public let path: String
        public let uuid: UInt16
        public let flags: [String]
        /// BlueZ exposes `NotifyAcquired` only where AcquireNotify is offered.
        public let offersAcquireNotify: Bool
    }

    /// Replaces everything with a GetManagedObjects reply (`a{oa{sa{sv}}}`).
    public mutating func replaceAll(with managedObjects: DBusValue) {
        objects = [:]
        guard let byPath = managedObjects.stringKeyedDictionary else { return }
        for (path, interfaces) in byPath { interfacesAdded(path: path, interfaces: interfaces) }
    }

    public mutating func removeAll() { objects = [:] }

    public mutating func interfacesAdded(path: String, interfaces: DBusValue) {
        guard let byInterface = interfaces.stringKeyedDictionary else { return }
        for (name, properties) in byInterface {
            var current = objects[path, default: [:]][name, default: [:]]
            for (key, value) in properties.stringKeyedDictionary ?? [:] { current[key] = value.unwrapped }
            objects[path, default: [:]][name] = current
        }
    }

    public mutating func interfacesRemoved(path: String, interfaces: [String]) {
        for name in interfaces { objects[path]?[name] = nil }
        if objects[path]?.isEmpty ?? false { objects[path] = nil }
    }

    public mutating func propertiesChanged(path: String, interface: String, changed: DBusValue, invalidated: [String]) {
        guard objects[path]?[interface] != nil else { return }
        for (key, value) in changed.stringKeyedDictionary ?? [:] { objects[path]?[interface]?[key] = value.unwrapped }
        for key in invalidated { objects[path]?[interface]?[key] = nil }
    }

    public func properties(_ path: String, _ interface: String) -> [String: DBusValue]? { objects[path]?[interface] }

    /// Adapter paths, sorted (hci0 first).
    public var adapters: [String] { objects.keys.filter { objects[$0]?[BlueZObjectTree.adapterInterface] != nil }.sorted() }

    public var devices: [Device] {
        objects.keys.sorted().compactMap { device(at: $0) }
    }

    public func device(at path: String) -> Device? {
        guard let p = objects[path]?[BlueZObjectTree.deviceInterface], let address = p["Address"]?.string else { return nil }
        return Device(path: path, address: address.uppercased(), name: p["Alias"]?.string ?? p["Name"]?.string,
                      services: (p["UUIDs"]?.strings ?? []).compactMap(BlueZObjectTree.shortUUID),
                      connected: p["Connected"]?.bool ?? false, servicesResolved: p["ServicesResolved"]?.bool ?? false)
    }

    public func device(address: String) -> Device? {
        devices.first { $0.address == address }
    }

    /// Characteristics whose path lies under a device's path.
    public func characteristics(of devicePath: String) -> [Characteristic] {
        let prefix = devicePath + "/"
        return objects.keys.filter { $0.hasPrefix(prefix) }.sorted().compactMap { path in
            guard let p = objects[path]?[BlueZObjectTree.characteristicInterface],
                  let uuid = p["UUID"]?.string.flatMap(BlueZObjectTree.shortUUID) else { return nil }
            return Characteristic(path: path, uuid: uuid, flags: p["Flags"]?.strings ?? [],
                                  offersAcquireNotify: p["NotifyAcquired"] != nil)
        }
    }

    /// The 16-bit form of a Bluetooth SIG UUID (`0000180d-0000-1000-8000-00805f9b34fb` -> 0x180D).
    public static func shortUUID(_ text: String) -> UInt16? {
        let lower = text.lowercased()
        guard lower.count == 36, lower.hasPrefix("0000"), lower.hasSuffix("-0000-1000-8000-00805f9b34fb") else { return nil }
        return UInt16(lower.dropFirst(4).prefix(4), radix: 16)
    }

    /// The full UUID string of a 16-bit SIG UUID, as SetDiscoveryFilter takes it.
    public static func fullUUID(_ short: UInt16) -> String {
        let hex = String(short, radix: 16)
        return "0000" + String(repeating: "0", count: 4 - hex.count) + hex + "-0000-1000-8000-00805f9b34fb"
    }
}
