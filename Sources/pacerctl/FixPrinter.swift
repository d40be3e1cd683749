#if canImport(Glibc)
import Glibc
#endif
import Dispatch
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
    /// Set once a device was opened: a source that never opened is a failure.
    private(set) var opened = false
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
                fix.jsonLine(into: &writer)
            } else {
                fix.textLine(into: &writer)
            }
            writer.withBytes { try? out.write(bytes: $0) }
            try? out.flush()
            printed += 1
            if let limit, printed == limit { done.signal() }
        case .fixLost: printError("fix lost")
        case .deviceOpened(let info):
            opened = true
            printError("device opened: \(info)")
        case .deviceResumed(let info): printError("device resumed: \(info)")
        case let .deviceLost(reason, retry): printError("device lost: \(reason)" + (retry > 0 ? " (retrying in \(retry) s)" : ""))
        case .counters: break
        case .endOfStream: done.signal()
        }
    }

}
