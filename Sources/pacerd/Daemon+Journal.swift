import PacerCore
import PacerSystem

/// The journal side of the daemon. The journal (issue 6) has not landed on main yet: until it
/// does, sessions get an id from their start time and are NOT saved; `sessions` says so.
extension Daemon {
    func openJournalSession(activity: Activity, start: UTCTime) -> String {
        let c = start.components
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
        return "\(c.year)\(two(c.month))\(two(c.day))-\(two(c.hour))\(two(c.minute))\(two(c.second))"
    }

    func recordInJournal(_ event: SessionEvent) {}

    func recordInJournal(_ sample: SessionSample) {}

    func closeJournalSession(summary: SessionSummary) {}

    func sessionsLine() -> [UInt8] {
        ServerReply.error(message: "no journal in this build: sessions are not saved").line
    }
}
