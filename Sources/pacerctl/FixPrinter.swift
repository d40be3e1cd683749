#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PacerCore
import PacerSystem

/// Receives a `GPSSource`'s events on its thread and prints them: fixes to stdout
/// (flushed per line, it is a live view), everything else to stderr.
final class FixPrinter: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let json: Bool
    private let limit: Int?
    // Only touched on the source's thread.
    private var printed = 0
    private var writer = JSONWriter()
    private let out = BufferedOutput()

    init(json: Bool, limit: Int?) {
        self.json = json
        self.limit = limit
    }

    func handle(_ event: GPSEvent) {
        switch event {
        case .fix(let fix):
            if let limit, printed >= limit { return }
            writer.reset()
            if json {
                fix.writeParseJSON(into: &writer)
                writer.bytes.append(10)
                writer.bytes.withUnsafeBytes { try? out.write(bytes: $0) }
            } else {
                try? out.write(FixPrinter.text(fix))
            }
            try? out.flush()
            printed += 1
            if let limit, printed == limit { done.signal() }
        case .fixLost: printError("fix lost")
        case .deviceOpened(let info): printError("device opened: \(info)")
        case .deviceResumed(let info): printError("device resumed: \(info)")
        case let .deviceLost(reason, retry): printError("device lost: \(reason) (retrying in \(retry) s)")
        case .counters: break
        case .endOfStream: done.signal()
        }
    }

    /// One line for a person: time, position, mode, altitude, speed, satellites.
    static func text(_ fix: GNSSFix) -> String {
        func f(_ v: Double?, _ digits: Int) -> String {
            guard let v else { return "-" }
            return String(format: "%.\(digits)f", v)
        }
        let mode = fix.mode == .threeD ? "3D" : fix.mode == .twoD ? "2D" : "no fix"
        return "\(fix.time?.rfc3339 ?? "-") \(f(fix.latitude, 7)) \(f(fix.longitude, 7)) \(mode) alt \(f(fix.altitudeMSL, 1)) m speed \(f(fix.speed, 2)) m/s track \(f(fix.track, 1)) hdop \(f(fix.hdop, 1)) sats \(fix.satellitesUsed.map(String.init) ?? "-")\n"
    }
}
