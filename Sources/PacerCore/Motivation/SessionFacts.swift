/// What motivation needs of one recorded session: its summary's totals and best efforts,
/// built from the history index (`pacerctl`) or from a stopped session (`pacerd`).
public struct SessionFacts: Equatable, Sendable {
    public var id: UInt64
    /// Start, milliseconds since the epoch (UTC).
    public var start: Int64
    public var activity: Activity
    public var distanceMeters: Double
    public var movingSeconds: Double
    public var elapsedSeconds: Double
    public var steps: Double?
    public var calories: Double?
    public var trimp: Double?
    /// Fastest 1 km, 5 km, 10 km, half and full marathon inside the session (`BestEfforts`).
    public var bestEfforts: [Double?]
    /// Closed by recovery after a crash, not stopped.
    public var interrupted: Bool

    public init(id: UInt64, start: Int64, activity: Activity, distanceMeters: Double = 0, movingSeconds: Double = 0,
                elapsedSeconds: Double = 0, steps: Double? = nil, calories: Double? = nil, trimp: Double? = nil,
                bestEfforts: [Double?] = [], interrupted: Bool = false) {
        self.id = id
        self.start = start
        self.activity = activity
        self.distanceMeters = distanceMeters
        self.movingSeconds = movingSeconds
        self.elapsedSeconds = elapsedSeconds
        self.steps = steps
        self.calories = calories
        self.trimp = trimp
        self.bestEfforts = bestEfforts
        self.interrupted = interrupted
    }

    /// When the session ended: its start plus its elapsed time, or its start where that time,
    /// read from a journal, is no duration (NaN, infinite, past Int64's milliseconds).
    public var end: UTCTime {
        let start = UTCTime(millisecondsSinceEpoch: start)
        return start.adding(seconds: elapsedSeconds) ?? start
    }

    /// From a summary; nil when the session has no start time (it belongs to no day).
    public init?(_ s: SessionSummary, id: UInt64, bestEfforts: [Double?] = []) {
        guard let start = s.start else { return nil }
        self.init(id: id, start: start.millisecondsSinceEpoch, activity: s.activity, distanceMeters: s.distanceMeters,
                  movingSeconds: s.movingSeconds, elapsedSeconds: s.elapsedSeconds, steps: s.steps.map(Double.init),
                  calories: s.calories, trimp: s.trimp, bestEfforts: bestEfforts, interrupted: s.interrupted)
    }
}
