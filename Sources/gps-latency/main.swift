// gps-latency: the helper of bench/gps-latency.sh. Writes NMEA epochs into a pty one at a
// time and measures how long each takes to leave a GPSSource as a fix: directly through
// the serial adapter, and (the peer) through a real gpsd reading the same kind of pty.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PacerCore
import PacerSystem

/// Stamps when each fix left the source, keyed by its time of day, so that a late or
/// repeated report (gpsd may send several TPVs per epoch) is never taken for another epoch's.
final class FixStamp: @unchecked Sendable {
    private let condition = NSCondition()
    private var stamps: [(timeOfDay: Int?, at: MonotonicInstant)] = []

    func handle(_ event: GPSEvent) {
        guard case .fix(let fix) = event else { return }
        let now = Clocks.monotonic()
        condition.lock()
        stamps.append((fix.timeOfDayMilliseconds, now))
        condition.signal()
        condition.unlock()
    }

    /// The instant the first fix of epoch `timeOfDay` left the source; nil after `timeout` s.
    func first(timeOfDay: Int, timeout: Double) -> MonotonicInstant? {
        condition.lock()
        defer { stamps.removeAll(); condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if let hit = stamps.first(where: { $0.timeOfDay == timeOfDay }) { return hit.at }
            stamps.removeAll()
            if !condition.wait(until: deadline) { return nil }
        }
    }
}

func frame(_ body: String) -> [UInt8] {
    var x: UInt8 = 0
    for b in body.utf8 { x ^= b }
    return Array("$\(body)*\(String(format: "%02X", x))\r\n".utf8)
}

/// Epoch `i` of a 10 Hz stream: RMC, GGA, GSA.
func epoch(_ i: Int) -> [UInt8] {
    let cs = (12 * 3600 * 100 + i * 10) % 8_640_000
    let time = String(format: "%02d%02d%02d.%02d", cs / 360_000, cs / 6000 % 60, cs / 100 % 60, cs % 100)
    let lat = String(format: "4807.%06d", (38_000 + i * 7) % 1_000_000), lon = String(format: "01131.%06d", (324 + i * 9) % 1_000_000)
    return frame("GPRMC,\(time),A,\(lat),N,\(lon),E,8.42,41.7,011125,,,A")
        + frame("GPGGA,\(time),\(lat),N,\(lon),E,1,09,0.9,519.5,M,47.6,M,,")
        + frame("GPGSA,A,3,02,05,09,12,15,18,21,25,29,,,,1.6,0.9,1.3")
}

func openPTY() -> (master: Int32, slave: Int32, path: String) {
    var m: Int32 = -1, s: Int32 = -1
    var tio = termios()
    cfmakeraw(&tio)
    guard openpty(&m, &s, nil, &tio, nil) == 0 else { fatalError("openpty: \(String(cString: strerror(errno)))") }
    return (m, s, String(cString: ttyname(s)))
}

func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var off = 0
    while off < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + off, bytes.count - off) }
        if n < 0 { if errno == EINTR || errno == EAGAIN { continue }; fatalError("write: \(errno)") }
        off += n
    }
}

/// Latencies in microseconds of `count` epochs written one at a time into `master`.
func measure(_ name: String, count: Int, master: Int32, stamps: FixStamp) -> [Double] {
    let warmup = 50
    var latencies: [Double] = []
    latencies.reserveCapacity(count)
    var lost = 0
    for i in 0..<(count + warmup) {
        let bytes = epoch(i)
        let start = Clocks.monotonic()
        writeAll(master, bytes)
        let timeOfDay = (12 * 3600 * 100 + i * 10) % 8_640_000 * 10
        guard let end = stamps.first(timeOfDay: timeOfDay, timeout: 2) else { lost += 1; continue }
        if i >= warmup { latencies.append(Double(end.nanoseconds - start.nanoseconds) / 1000) }
    }
    if lost > 0 { printError("\(name): \(lost) epochs produced no fix within 2 s") }
    return latencies
}

func report(_ name: String, _ latencies: [Double]) -> (p50: Double, p99: Double) {
    let sorted = latencies.sorted()
    func pct(_ p: Double) -> Double { sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
    let r = (pct(0.50), pct(0.99))
    let label = name.padding(toLength: 28, withPad: " ", startingAt: 0)
    print(label + String(format: " epochs %6d  p50 %8.1f us  p90 %8.1f us  p99 %8.1f us  max %8.1f us",
                         sorted.count, r.0, pct(0.90), r.1, sorted.last ?? .nan))
    return r
}

var epochs = 10_000
var peer = true
var args = CommandLine.arguments.dropFirst().makeIterator()
while let a = args.next() {
    switch a {
    case "--epochs": epochs = Int(args.next() ?? "") ?? epochs
    case "--no-peer": peer = false
    default: printError("usage: gps-latency [--epochs N] [--no-peer]"); exit(2)
    }
}

// Pacer's serial adapter reading the pty directly.
let serialPTY = openPTY()
let serialStamps = FixStamp()
let serial = GPSSource(spec: .serial(path: serialPTY.path, baudRate: 115_200))
serial.start { serialStamps.handle($0) }
usleep(200_000)
let direct = report("pacer serial adapter", measure("serial", count: epochs, master: serialPTY.master, stamps: serialStamps))
serial.stop()
close(serialPTY.master); close(serialPTY.slave)

// The peer: gpsd reading a pty, Pacer's libgps adapter reading gpsd.
if peer {
    let gpsdPTY = openPTY()
    var port: Int32 = 0
    do {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var a = sockaddr_in(); a.sin_family = sa_family_t(AF_INET); a.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len); return getsockname(fd, $0, &len) } }
        port = Int32(UInt16(bigEndian: a.sin_port))
        close(fd)
    }
    let sock = NSTemporaryDirectory() + "gps-latency-\(getpid()).sock"
    let gpsd = Process()
    gpsd.executableURL = URL(fileURLWithPath: "/usr/sbin/gpsd")
    gpsd.arguments = ["-N", "-n", "-b", "-S", String(port), "-F", sock, gpsdPTY.path]
    gpsd.standardError = FileHandle.nullDevice
    try gpsd.run()
    defer { kill(gpsd.processIdentifier, SIGKILL); gpsd.waitUntilExit(); unlink(sock) }
    usleep(500_000)
    let gpsdStamps = FixStamp()
    let viaGPSD = GPSSource(spec: .gpsd(host: "127.0.0.1", port: Int(port)))
    viaGPSD.start { gpsdStamps.handle($0) }
    usleep(300_000)
    let peerResult = report("gpsd 3.22 + libgps (peer)", measure("gpsd", count: epochs, master: gpsdPTY.master, stamps: gpsdStamps))
    viaGPSD.stop()
    close(gpsdPTY.master); close(gpsdPTY.slave)
    print(String(format: "ratio gpsd/pacer: p50 %.1fx  p99 %.1fx", peerResult.p50 / direct.p50, peerResult.p99 / direct.p99))
}
print("target p99 < 2000 us: " + (direct.p99 < 2000 ? "met" : "NOT met"))
