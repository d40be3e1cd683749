/// What every exporter writes: a session's summary, its samples and events, with the laps
/// cut out of the samples by their start times.
public struct ExportSession: Sendable {
    public var summary: SessionSummary
    public var samples: [SessionSample]
    public var events: [JournalEvent]

    public init(summary: SessionSummary, samples: [SessionSample], events: [JournalEvent] = []) {
        self.summary = summary
        self.samples = samples
        self.events = events
    }

    public init(_ session: JournalSession) {
        self.init(summary: session.effectiveSummary, samples: session.samples, events: session.events)
    }

    /// One lap with its totals and the index range of its samples.
    public struct Lap: Sendable {
        public var totals: SegmentSummary
        public var samples: Range<Int>
        public var endTime: UTCTime
    }

    /// The summary's laps (when each has a start time), else one lap holding the whole session.
    public var laps: [Lap] {
        let start = summary.start ?? samples.first?.time ?? UTCTime(millisecondsSinceEpoch: 0)
        let end = summary.end ?? samples.last?.time ?? start
        let usable = !summary.laps.isEmpty && summary.laps.allSatisfy { $0.start != nil }
        var whole = SegmentSummary(index: 1)
        SessionMetric.copy(summary, SessionSummary.metrics, into: &whole, SegmentSummary.metrics)
        whole.start = start
        let segments: [SegmentSummary] = usable ? summary.laps : [whole]
        var result: [Lap] = []
        var i = 0
        for (k, lap) in segments.enumerated() {
            let next = k + 1 < segments.count ? segments[k + 1].start! : nil
            let first = i
            while i < samples.count, next == nil || samples[i].time < next! { i += 1 }
            let lapStart = lap.start ?? start
            // A lap's elapsed time read from a journal may be NaN, infinite or huge: then the
            // lap ends with the session.
            let lapEnd = next ?? max(end, lapStart.adding(seconds: lap.elapsedSeconds) ?? end)
            result.append(Lap(totals: lap, samples: first..<i, endTime: lapEnd))
        }
        return result
    }

    /// Highest heart rate among a range of samples.
    public func maxHeartRate(_ range: Range<Int>) -> Int? { samples[range].compactMap(\.heartRate).max() }
    public func maxSpeed(_ range: Range<Int>) -> Double? { samples[range].compactMap(\.speed).max() }

    /// Samples between a pause and its resume start a new track segment in GPX.
    public var resumeTimes: [UTCTime] {
        events.compactMap { if case let .resume(t) = $0 { return t } else { return nil } }
    }
}
