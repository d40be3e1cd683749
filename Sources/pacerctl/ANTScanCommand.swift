import PacerCore
import PacerSystem

/// `pacerctl ant-scan`: lists the ANT+ devices an ANT USB stick hears, one line each as it is
/// found: profile, device number, transmission type, RSSI when the stick reports it. One
/// wildcard channel per row of `ANTDeviceProfile.table`, as pacerd opens them, so it shows what
/// pacerd would pair with (the first device of each type; `[sensors] KIND = ant:N` pins one).
enum ANTScanCommand {
    static let subcommand = Subcommand(
        name: "ant-scan", usage: "ant-scan [--device PATH|auto] [--seconds N] [--json]",
        summary: "list the ANT+ devices in range of an ANT USB stick"
    ) { arguments in
        let args = try CommandArguments(arguments, flags: ["json"], options: ["device", "seconds"])
        try args.expectNoPositionals()
        let device = args.option("device") ?? "auto"
        guard device == "auto" || device.hasPrefix("/") else { throw UsageError("--device: a tty's absolute path or auto") }
        let seconds = try args.positiveNumber("seconds") ?? 10
        let json = args.flag("json")

        let loop = EventLoop()
        let requests = ANTDeviceProfile.table.map { ANTReceiver.Request(deviceType: $0.deviceType) }
        let source = ANTStickSource(setting: device, requests: requests)
        var found = Set<String>()
        source.attach(to: loop) { event, _ in
            switch event {
            case .opened(let path): printError("pacerctl ant-scan: \(path) opened, searching for \(seconds.wholeText()) s")
            case let .lost(reason, _): printError("pacerctl ant-scan: \(reason)")
            case let .receiver(.problem(text, _)): printError("pacerctl ant-scan: stick: \(text)")
            case .receiver(.sensor(let status)):
                guard let number = status.deviceNumber, found.insert("\(status.deviceType):\(number)").inserted else { return }
                try? CommandOutput.write(line(status, number: number, json: json) + "\n")
            case .receiver: break
            }
        }
        loop.schedule(after: seconds) { loop.stop() }
        try loop.run()
        source.stop()
        if found.isEmpty { printError("pacerctl ant-scan: no ANT+ device found") }
        return found.isEmpty ? 1 : 0
    }

    static func line(_ s: ANTSensorStatus, number: UInt32, json: Bool) -> String {
        let transmission = s.transmissionType ?? 0
        guard json else {
            return "\(s.profileName): device \(number), type \(s.deviceType), transmission type \(transmission)"
                + (s.rssi.map { ", RSSI \($0) dBm" } ?? "")
        }
        var w = JSONWriter()
        w.beginObject()
        w.key("profile"); w.value(s.profileName)
        w.key("kind"); w.value(s.kind.rawValue)
        w.key("device_type"); w.value(Int(s.deviceType))
        w.key("device_number"); w.value(Int(number))
        w.key("transmission_type"); w.value(Int(transmission))
        w.key("rssi_dbm"); w.value(s.rssi.map { Int($0) })
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
