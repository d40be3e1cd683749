/// One session as read back from the journal: its start, samples (when asked for), events
/// and summary. `summary` is nil while the session is still open, except in a continuation,
/// which keeps the earlier summary until its own sessionEnd.
public struct JournalSession: Sendable {
    public var id: UInt64
    public var activity: Activity
    public var start: UTCTime
    public var config: String
    public var samples: [SessionSample] = []
    public var events: [JournalEvent] = []
    public var summary: SessionSummary?
    /// The sessionEnd's summary as stored, when it is the current format (`SessionSummaryCodec`):
    /// the history index keeps these bytes rather than encoding `summary` again.
    public var storedSummary: [UInt8]?
    /// Where its sessionStart frame is: lets `show` and `export` read one session without a full decode.
    public var segment: UInt32
    public var offset: Int
    /// Samples were decoded (the caller asked for this session's samples).
    public var hasSamples: Bool
    /// The samples' times and distances, for a session whose samples the caller did not ask for
    /// from an assembler that `tracks` them (the history index's best efforts).
    public var track = BestEfforts.Track()
    /// Records appended to this session after it had ended (a `reopened` record following its
    /// sessionEnd: `pacerctl set --journal`): `events` holds only those, `summary` supersedes
    /// the earlier one. Readers merge it into the session of the same id.
    public var isContinuation = false

    public init(id: UInt64, activity: Activity, start: UTCTime, config: String, segment: UInt32, offset: Int, hasSamples: Bool) {
        self.id = id
        self.activity = activity
        self.start = start
        self.config = config
        self.segment = segment
        self.offset = offset
        self.hasSamples = hasSamples
    }

    /// The summary to show: the stored one, or one computed from the samples for an open session.
    public var effectiveSummary: SessionSummary {
        if var s = summary { s.id = String(id); return s }
        var s = SessionSummarizer.summarize(activity: activity, start: start, samples: samples, events: events)
        s.id = String(id)
        return s
    }
}
