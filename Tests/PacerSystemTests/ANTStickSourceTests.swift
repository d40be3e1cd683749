import Foundation
import XCTest
import PacerCore
@testable import PacerSystem

/// `ANTStickSource` on a real pty with a stand-in stick: it resets the stick, sets up its
/// channels, pairs and records heart rate; an unplugged stick is reopened through its symlink
/// and paired again; a stick that never answers is reported. `ANTStickFinder` on a synthetic sysfs.
final class ANTStickSourceTests: XCTestCase {
    /// Runs `source` on a loop until `until` says so (or 20 s), collecting its events.
    private func run(_ source: ANTStickSource, until: @escaping ([ANTStickEvent]) -> Bool,
                     whenEvent: @escaping (ANTStickEvent) -> Void = { _ in }) throws -> [ANTStickEvent] {
        let loop = EventLoop()
        var events: [ANTStickEvent] = []
        source.attach(to: loop) { event, _ in
            events.append(event)
            whenEvent(event)
            if until(events) { loop.stop() }
        }
        loop.schedule(after: 20) { loop.stop() }
        try loop.run()
        source.stop()
        return events
    }

    static func heartRates(_ events: [ANTStickEvent]) -> Int {
        events.filter { if case .receiver(.reading(let r, .heartRate)) = $0 { return r.characteristic == 0x2A37 } else { return false } }.count
    }

    static func tracking(_ events: [ANTStickEvent], number: UInt32) -> Int {
        events.filter { if case .receiver(.sensor(let s)) = $0 { return s.deviceNumber == number && s.state == .tracking } else { return false } }.count
    }

    func testPairsRecordsAndReopensAReplugedStick() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ant-stick-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("ant0").path
        var stick = try FakeANTStick(number: 4321)
        try stick.pty.link(at: link)
        let source = ANTStickSource(setting: link, requests: [.init(deviceType: 120), .init(deviceType: 11)])
        var replugged = false
        let events = try run(source, until: { events in
            Self.tracking(events, number: 4321) >= 2 && Self.heartRates(events) >= 3 + 3
        }, whenEvent: { event in
            guard !replugged, Self.heartRates([event]) == 1 else { return }
            // After the first reading: unplug now, plug in a new pty (another device) under the same name.
            replugged = true
            stick.unplug()
            unlink(link)
            stick = (try? FakeANTStick(number: 4321)) ?? stick
            try? stick.pty.link(at: link)
        })
        stick.unplug()
        XCTAssertEqual(events.first, .opened(path: link))
        XCTAssertEqual(events.filter { if case .opened = $0 { return true } else { return false } }.count, 2, "\(events)")
        XCTAssertTrue(events.contains { if case .lost = $0 { return true } else { return false } }, "\(events)")
        XCTAssertGreaterThanOrEqual(Self.tracking(events, number: 4321), 2, "\(events)")
        XCTAssertEqual(source.receiver.statuses.first?.deviceNumber, 4321)
        XCTAssertEqual(source.receiver.statuses.last?.state, .searching, "no power meter in range")
        XCTAssertEqual(source.framerCounters[.badChecksums], 0)
    }

    func testAStickThatDoesNotAnswerIsReported() throws {
        let stick = try FakeANTStick(answers: false)
        defer { stick.unplug() }
        let source = ANTStickSource(setting: stick.pty.slavePath, requests: [.init(deviceType: 120)])
        let events = try run(source) { events in events.contains { if case .receiver(.problem) = $0 { return true } else { return false } } }
        XCTAssertEqual(events.last, .receiver(.problem("no answer to resetSystem within 2 s", retrySeconds: 1)))
    }

    /// A sysfs tree as the kernel lays it out for a USB serial tty: class/tty/NAME links to the
    /// tty's device directory, whose `device` links to the usb-serial port two levels under the
    /// USB device holding idVendor and idProduct.
    func testFinderTakesTheFirstTTYWithAnANTSticksIDs() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ant-sysfs-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        func usbTTY(_ name: String, port: Int, vendor: String, product: String) throws {
            let usb = "\(root)/devices/usb1/1-\(port)"
            let tty = "\(usb)/1-\(port):1.0/\(name)/tty/\(name)"
            try fm.createDirectory(atPath: tty, withIntermediateDirectories: true)
            try "\(vendor)\n".write(toFile: usb + "/idVendor", atomically: true, encoding: .utf8)
            try "\(product)\n".write(toFile: usb + "/idProduct", atomically: true, encoding: .utf8)
            try fm.createSymbolicLink(atPath: tty + "/device", withDestinationPath: "../../../\(name)")
            try fm.createDirectory(atPath: "\(root)/class/tty", withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: "\(root)/class/tty/\(name)", withDestinationPath: "../../devices/usb1/1-\(port)/1-\(port):1.0/\(name)/tty/\(name)")
        }
        XCTAssertNil(ANTStickFinder.find(sysfsRoot: root))
        try usbTTY("ttyUSB0", port: 1, vendor: "067b", product: "2303")
        XCTAssertNil(ANTStickFinder.find(sysfsRoot: root), "a GPS is no stick")
        try usbTTY("ttyUSB10", port: 2, vendor: "0fcf", product: "1009")
        XCTAssertEqual(ANTStickFinder.find(sysfsRoot: root), "ttyUSB10")
        try usbTTY("ttyUSB2", port: 3, vendor: "0FCF", product: "1008")
        XCTAssertEqual(ANTStickFinder.find(sysfsRoot: root), "ttyUSB2", "numeric order")
        let source = ANTStickSource(setting: "auto", requests: [], sysfsRoot: root)
        XCTAssertEqual(source.path, "/dev/ttyUSB2")
    }
}
