@testable import PacerSystem
import XCTest

/// The mirror of bluetoothd's objects, fed the shapes BlueZ sends (GetManagedObjects,
/// InterfacesAdded/Removed, PropertiesChanged with invalidated properties).
final class BlueZObjectTreeTests: XCTestCase {
    let dev = "/org/bluez/hci0/dev_00_22_D0_AA_BB_01"

    func props(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(pairs.map { DBusDictEntry(.string($0.0), .variant($0.1)) })
    }

    func interfaces(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(pairs.map { DBusDictEntry(.string($0.0), $0.1) })
    }

    func testTracksDevicesAndCharacteristics() {
        var tree = BlueZObjectTree()
        tree.replaceAll(with: .dictionary([
            DBusDictEntry(.objectPath("/org/bluez/hci0"), interfaces([("org.bluez.Adapter1", props([("Address", .string("00:01:02:03:04:05"))]))])),
            DBusDictEntry(.objectPath(dev), interfaces([("org.bluez.Device1", props([
                ("Address", .string("00:22:d0:aa:bb:01")), ("Name", .string("Polar H10")),
                ("UUIDs", .array([.string("0000180D-0000-1000-8000-00805F9B34FB"), .string("0000180f-0000-1000-8000-00805f9b34fb"),
                                  .string("6217ff4b-fb31-1140-ad5a-a45545d7ecf3")])),
                ("Connected", .boolean(false)),
            ]))])),
        ]))
        XCTAssertEqual(tree.adapters, ["/org/bluez/hci0"])
        XCTAssertEqual(tree.device(address: "00:22:D0:AA:BB:01"),
                       .init(path: dev, address: "00:22:D0:AA:BB:01", name: "Polar H10", services: [0x180D, 0x180F],
                             connected: false, servicesResolved: false))

        tree.propertiesChanged(path: dev, interface: "org.bluez.Device1",
                               changed: props([("Connected", .boolean(true)), ("ServicesResolved", .boolean(true)), ("Alias", .string("Strap"))]),
                               invalidated: ["Name"])
        XCTAssertEqual(tree.device(at: dev)?.connected, true)
        XCTAssertEqual(tree.device(at: dev)?.servicesResolved, true)
        XCTAssertEqual(tree.device(at: dev)?.name, "Strap")

        let char = dev + "/service000c/char000d"
        tree.interfacesAdded(path: char, interfaces: interfaces([("org.bluez.GattCharacteristic1", props([
            ("UUID", .string("00002a37-0000-1000-8000-00805f9b34fb")), ("Flags", .array([.string("notify")])),
            ("NotifyAcquired", .boolean(false)),
        ]))]))
        tree.interfacesAdded(path: dev + "/service0010/char0011", interfaces: interfaces([("org.bluez.GattCharacteristic1", props([
            ("UUID", .string("00002a19-0000-1000-8000-00805f9b34fb")), ("Flags", .array([.string("read")])),
        ]))]))
        XCTAssertEqual(tree.characteristics(of: dev).map(\.uuid), [0x2A37, 0x2A19])
        XCTAssertEqual(tree.characteristics(of: dev).map(\.offersAcquireNotify), [true, false])
        XCTAssertEqual(tree.characteristics(of: "/org/bluez/hci0/dev_00_22_D0_AA_BB_0"), [], "a path prefix is not a parent")

        tree.interfacesRemoved(path: char, interfaces: ["org.bluez.GattCharacteristic1"])
        XCTAssertEqual(tree.characteristics(of: dev).map(\.uuid), [0x2A19])
        tree.interfacesRemoved(path: dev, interfaces: ["org.bluez.Device1"])
        XCTAssertNil(tree.device(address: "00:22:D0:AA:BB:01"))
        // Changes for unknown objects are ignored, not invented.
        tree.propertiesChanged(path: dev, interface: "org.bluez.Device1", changed: props([("Connected", .boolean(true))]), invalidated: [])
        XCTAssertNil(tree.device(at: dev))
    }

    func testShortUUIDs() {
        XCTAssertEqual(BlueZObjectTree.shortUUID("00002a37-0000-1000-8000-00805f9b34fb"), 0x2A37)
        XCTAssertNil(BlueZObjectTree.shortUUID("6217ff4b-fb31-1140-ad5a-a45545d7ecf3"))
        XCTAssertNil(BlueZObjectTree.shortUUID("2a37"))
        XCTAssertEqual(BlueZObjectTree.fullUUID(0x180D), "0000180d-0000-1000-8000-00805f9b34fb")
        XCTAssertEqual(BlueZObjectTree.fullUUID(0x0F), "0000000f-0000-1000-8000-00805f9b34fb")
    }
}
