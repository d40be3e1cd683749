import PacerCore

/// The D-Bus objects of pacerd's GATT application and advertisement, as BlueZ's
/// GattManager1 and LEAdvertisingManager1 expect them: services and characteristics under
/// `root` (read with ObjectManager.GetManagedObjects), and an LEAdvertisement1 object.
/// Values live here, one per characteristic path, so a read is a lookup.
public struct GATTApplication: Sendable {
    public static let serviceInterface = "org.bluez.GattService1"
    public static let characteristicInterface = "org.bluez.GattCharacteristic1"
    public static let advertisementInterface = "org.bluez.LEAdvertisement1"

    public struct Characteristic: Sendable {
        public let path: String
        public let uuid: UInt16
        public let servicePath: String
        public let notifies: Bool
        public var value: [UInt8]
        public var notifying = false
    }

    public let root: String
    public let advertisementPath: String
    public let localName: String
    public let advertisedServices: [UInt16]
    /// (path, uuid) of each service, in order.
    public let services: [(path: String, uuid: UInt16)]
    public var characteristics: [Characteristic]
    /// Characteristic index by path, and the notifying characteristic of each measurement UUID.
    private let indexByPath: [String: Int]

    public init(plan: BroadcastPlan, localName: String, root: String = "/org/pacer/broadcast") {
        self.root = root
        advertisementPath = root + "/advertisement0"
        self.localName = localName
        advertisedServices = plan.advertisedServices
        var services: [(String, UInt16)] = []
        var characteristics: [Characteristic] = []
        for (s, service) in plan.services.enumerated() {
            let servicePath = root + "/service\(s)"
            services.append((servicePath, service.uuid))
            for (c, ch) in service.characteristics.enumerated() {
                characteristics.append(Characteristic(path: servicePath + "/char\(c)", uuid: ch.uuid, servicePath: servicePath,
                                                      notifies: ch.notifies, value: ch.initialValue))
            }
        }
        self.services = services
        self.characteristics = characteristics
        indexByPath = Dictionary(uniqueKeysWithValues: characteristics.enumerated().map { ($1.path, $0) })
    }

    public func index(ofPath path: String) -> Int? { indexByPath[path] }

    /// The indices of the notifying characteristics carrying `uuid`.
    public func indices(ofMeasurement uuid: UInt16) -> [Int] {
        characteristics.indices.filter { characteristics[$0].uuid == uuid && characteristics[$0].notifies }
    }

    /// The reply of GetManagedObjects on `root`: `a{oa{sa{sv}}}`.
    public var managedObjects: DBusValue {
        var entries: [DBusDictEntry] = []
        for service in services {
            entries.append(DBusDictEntry(.objectPath(service.path), .dictionary([
                DBusDictEntry(.string(GATTApplication.serviceInterface), .dictionary(serviceProperties(service))),
            ])))
        }
        for c in characteristics {
            entries.append(DBusDictEntry(.objectPath(c.path), .dictionary([
                DBusDictEntry(.string(GATTApplication.characteristicInterface), .dictionary(characteristicProperties(c))),
            ])))
        }
        return .dictionary(entries)
    }

    func serviceProperties(_ service: (path: String, uuid: UInt16)) -> [DBusDictEntry] {
        [DBusDictEntry(.string("UUID"), .variant(.string(BlueZObjectTree.fullUUID(service.uuid)))),
         DBusDictEntry(.string("Primary"), .variant(.boolean(true)))]
    }

    func characteristicProperties(_ c: Characteristic) -> [DBusDictEntry] {
        [DBusDictEntry(.string("UUID"), .variant(.string(BlueZObjectTree.fullUUID(c.uuid)))),
         DBusDictEntry(.string("Service"), .variant(.objectPath(c.servicePath))),
         DBusDictEntry(.string("Flags"), .variant(.array((c.notifies ? ["read", "notify"] : ["read"]).map { .string($0) }))),
         DBusDictEntry(.string("Notifying"), .variant(.boolean(c.notifying)))]
    }

    /// LEAdvertisement1's properties: a connectable peripheral naming its services.
    public var advertisementProperties: [DBusDictEntry] {
        var entries = [DBusDictEntry(.string("Type"), .variant(.string("peripheral"))),
                       DBusDictEntry(.string("LocalName"), .variant(.string(localName)))]
        if !advertisedServices.isEmpty {
            entries.append(DBusDictEntry(.string("ServiceUUIDs"),
                                         .variant(.array(advertisedServices.map { .string(BlueZObjectTree.fullUUID($0)) }))))
        }
        return entries
    }

    /// The properties of `interface` on the object at `path` (Properties.GetAll); nil: no such object.
    public func properties(path: String, interface: String) -> [DBusDictEntry]? {
        if path == advertisementPath, interface == GATTApplication.advertisementInterface { return advertisementProperties }
        if let service = services.first(where: { $0.path == path }), interface == GATTApplication.serviceInterface {
            return serviceProperties(service)
        }
        if let i = indexByPath[path], interface == GATTApplication.characteristicInterface {
            return characteristicProperties(characteristics[i])
        }
        return nil
    }
}
