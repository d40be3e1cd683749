import Foundation
import PacerSystem
import XCTest

/// libdbus marshalling against a real dbus-daemon: a call sent to our own unique name comes
/// back through the bus, so every argument is written and read by libdbus, not by us alone.
final class DBusMessageTests: XCTestCase {
    var daemon: Process?
    var address = ""

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
            throw MissingPrerequisite.error("dbus-daemon missing: run scripts/install-deps")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        p.arguments = ["--session", "--nofork", "--print-address"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        daemon = p
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        address = String(text.split(separator: "\n").first ?? "")
    }

    override func tearDown() {
        daemon?.terminate()
        daemon?.waitUntilExit()
    }

    func receive(on bus: DBusConnection, member: String) -> DBusMessage? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            bus.readWrite(timeoutMilliseconds: 100)
            while let m = bus.popMessage() { if m.member == member { return m } }
        }
        return nil
    }

    func testArgumentsRoundTripThroughTheBus() throws {
        let bus = try DBusConnection(address: address)
        XCTAssertTrue(bus.uniqueName.hasPrefix(":"))
        let filter: DBusValue = .dictionary([
            DBusDictEntry(.string("UUIDs"), .variant(.array([.string("0000180d-0000-1000-8000-00805f9b34fb"), .string("00001814-0000-1000-8000-00805f9b34fb")]))),
            DBusDictEntry(.string("Transport"), .variant(.string("le"))),
            DBusDictEntry(.string("RSSI"), .variant(.int16(-70))),
        ])
        let arguments: [DBusValue] = [
            filter, .dictionary([]), .byte(0xFE), .boolean(true), .int16(-2), .uint16(65_535), .int32(-70_000),
            .uint32(4_000_000_000), .int64(-1 << 40), .uint64(1 << 63), .double(3.25), .string("Polar H10 — ü"),
            .objectPath("/org/bluez/hci0/dev_00_22_D0_AA_BB_01"), .signature("a{sv}"),
            .array([.byte(0x16), .byte(0x4E), .byte(0x1B), .byte(0x03)]), .structure([.string("x"), .uint16(23)]),
            .variant(.array([.uint32(1), .uint32(2)])),
        ]
        let call = try DBusMessage.methodCall(destination: bus.uniqueName, path: "/test", interface: "org.pacer.Test",
                                              method: "Echo", arguments: arguments)
        try bus.send(call)
        let received = try XCTUnwrap(receive(on: bus, member: "Echo"))
        XCTAssertEqual(received.kind, .methodCall)
        XCTAssertEqual(received.path, "/test")
        XCTAssertEqual(received.interface, "org.pacer.Test")
        XCTAssertEqual(received.sender, bus.uniqueName)
        let back = received.arguments()
        XCTAssertEqual(back, arguments)
        XCTAssertEqual(back[0].stringKeyedDictionary?["UUIDs"]?.strings?.count, 2)
        XCTAssertEqual(back[14].bytes, [0x16, 0x4E, 0x1B, 0x03])
        XCTAssertEqual(back[1].stringKeyedDictionary, [:])
    }

    func testErrorReplyAndBlockingCall() throws {
        let bus = try DBusConnection(address: address)
        let owner = try bus.call(try DBusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                            interface: "org.freedesktop.DBus", method: "GetNameOwner",
                                                            arguments: [.string(bus.uniqueName)]))
        XCTAssertEqual(owner.arguments(), [.string(bus.uniqueName)])
        XCTAssertThrowsError(try bus.call(try DBusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                                     interface: "org.freedesktop.DBus", method: "GetNameOwner",
                                                                     arguments: [.string("org.bluez")]))) { error in
            XCTAssertEqual((error as? DBusFailure)?.name, "org.freedesktop.DBus.Error.NameHasNoOwner")
        }
        XCTAssertThrowsError(try DBusConnection(address: "unix:path=/nonexistent/pacer-bus")) { error in
            XCTAssertEqual((error as? DBusFailure)?.name, "org.freedesktop.DBus.Error.FileNotFound")
        }
        XCTAssertThrowsError(try DBusMessage.methodCall(destination: "x.y", path: "/", interface: "x.y", method: "M",
                                                        arguments: [.array([])])) { error in
            XCTAssertEqual((error as? DBusFailure)?.name, "org.freedesktop.DBus.Error.InvalidSignature")
        }
    }
}
