#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import PacerCore
import PacerSystem

/// `pacerctl ble-record`: records what BLE sensors send, in the BLE log format, through
/// BlueZ on the system bus, reconnecting when a sensor drops. States and malformed values go to stderr.
enum BLERecordCommand {
    static let subcommand = Subcommand(
        name: "ble-record", usage: "ble-record [--device ADDR]... [--duration S]",
        summary: "print every BLE sensor notification in the BLE log format (BlueZ, system bus)"
    ) { arguments in
        let args = try CommandArguments(arguments, options: ["device", "duration"])
        try args.expectNoPositionals()
        var devices: [BluetoothAddress] = []
        for text in args.options("device") {
            do { devices.append(try BluetoothAddress(text)) } catch { throw UsageError("--device: \(error)") }
        }
        let duration = try args.positiveNumber("duration")

        let bus = try DBusConnection(address: DBusConnection.systemBusAddress)
        let out = BufferedOutput()
        var counts: [String: Int] = [:]
        let client = BlueZClient(bus: bus, configuration: .init(devices: devices)) { event in
            switch event {
            case let .notification(address, notification, _):
                counts[address, default: 0] += 1
                try? out.write(notification.logLine + "\n")
                try? out.flush()
            case let .malformed(address, notification, reason):
                counts[address, default: 0] += 1
                try? out.write(notification.logLine + "\n")
                try? out.flush()
                printError("pacerctl ble-record: malformed value from \(address): \(notification.logLine): \(reason)")
            case let .status(status):
                printError("pacerctl ble-record: \(status.summary)")
            case let .log(text):
                printError("pacerctl ble-record: \(text)")
            }
        }
        let wakeup = try WakeupPipe()
        var sources: [any DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { wakeup.wake() }
            source.resume()
            sources.append(source)
        }
        defer { sources.forEach { $0.cancel() } }
        let deadline = duration.map { Clocks.monotonic().advanced(bySeconds: $0) }
        try client.run(until: deadline, wakeup: wakeup)
        try out.flush()
        for status in client.statuses() {
            let recoveries = status.recoveries.map { ($0 * 1000).wholeText() + " ms" }.joined(separator: ", ")
            printError("pacerctl ble-record: \(status.address): \(counts[status.address] ?? 0) values, "
                       + "\(status.malformedCount) malformed, reconnections: [\(recoveries)]")
        }
        return 0
    }
}
