import PacerCore

/// `pacerctl set --journal DIR`: a set (or an undo) appended without pacerd, to the strength
/// session of that local day — the latest one that day, created when there is none. An ended
/// session gains it through `JournalWriter.append(events:toEndedSession:...)` (reopened, the
/// event, a superseding sessionEnd); nothing committed is rewritten.
public enum OfflineSetLog {
    public struct Result: Sendable {
        public var session: UInt64
        public var set: StrengthSet?
        public var undone: Int?
        public var created: Bool
    }

    /// - Parameter entry: the set, or nil to undo the session's last set.
    public static func append(_ entry: StrengthSetEntry?, at time: UTCTime, calendar: LocalCalendar,
                              journal path: String) throws -> Result {
        let checked = try entry.map { e throws(StrengthSetError) in try e.validated() }
        let writer = try JournalWriter(directory: path)
        let day = calendar.day(time)
        let history = try JournalHistory(directory: path)
        let index = history.index
        let row = (0..<index.count).last { i in
            index.activity(i) == .strength && index.startMilliseconds(i).map { calendar.day(milliseconds: $0) == day } == true
        }
        guard let row else {
            guard let checked else { throw StrengthSetError("no strength session on \(LocalCalendar.dateString(day: day)): no set to undo") }
            var log = StrengthSessionLog()
            let set = log.log(checked, at: time)
            let id = try writer.beginSession(activity: .strength, start: time, config: "")
            try writer.append(event: set.event)
            try writer.endSession(summary: SessionSummary(activity: .strength, start: time, end: time))
            return Result(session: UInt64(id)!, set: set, undone: nil, created: true)
        }
        let id = index.id(row)
        var log = StrengthSessionLog(events: try StrengthHistory.load(directory: path).sets(session: id).map(\.event))
        var result = Result(session: id, set: nil, undone: nil, created: false)
        let event: JournalEvent
        if let checked {
            let set = log.log(checked, at: time)
            result.set = set
            event = set.event
        } else {
            guard let number = log.undo() else { throw StrengthSetError("session \(id) has no set to undo") }
            result.undone = number
            event = StrengthSet.undoEvent(number: number, time: time)
        }
        var summary = index.summary(row) ?? SessionSummary(activity: .strength, start: time, end: time)
        if let start = summary.start, time > summary.end ?? start {
            summary.end = time
            summary.elapsedSeconds = time.secondsSinceEpoch - start.secondsSinceEpoch
        }
        try writer.append(events: [event], toEndedSession: id, summary: summary, at: time)
        return result
    }
}
