/// The recorder's inputs as its callers make them: each returns every output it decided
/// (journal entries, events, alerts, notices) as values, for the caller to handle once the call
/// is over. A caller never runs while the recorder is being changed, so handling an output can
/// read the recorder; pacerd and replay handle the same values the same way.
extension SessionRecorder {
    /// A fix from the receiver, as it arrived.
    @discardableResult
    public mutating func fix(_ received: GNSSFix, at input: InputInstant) -> [RecorderOutput] {
        collect { $0.fix(received, at: input, emit: $1) }
    }

    /// A sensor notification, raw as the sensor sent it (with its decoding when the caller has
    /// it: each value is decoded once), and its decoded value (nil when it does not decode or has
    /// no decoder), which the daemon re-broadcasts.
    @discardableResult
    public mutating func notification(characteristic: UInt16, payload: [UInt8], decoded: Result<GATTMeasurement, GATTDecodingError>? = nil,
                                      at input: InputInstant) -> (outputs: [RecorderOutput], measurement: GATTMeasurement?) {
        var measurement: GATTMeasurement?
        let outputs = collect { measurement = $0.notification(characteristic: characteristic, payload: payload, decoded: decoded, at: input, emit: $1) }
        return (outputs, measurement)
    }

    /// A user's (or the unattended recorder's) command.
    @discardableResult
    public mutating func command(_ command: SessionCommand, at input: InputInstant) throws(SessionCommandError) -> [RecorderOutput] {
        var out: [RecorderOutput] = []
        try self.command(command, at: input) { out.append($0) }
        return out
    }

    /// The weather `fetchWeather` asked for, fetched: it joins the session at the timeline's present.
    @discardableResult
    public mutating func attachWeather(_ weather: SessionWeather, at input: InputInstant) -> [RecorderOutput] {
        collect { $0.attachWeather(weather, at: input, emit: $1) }
    }

    /// A course to follow from now (nil clears it), at the timeline's present: the session being
    /// recorded notes it in its journal, and every later session follows it until it is cleared.
    @discardableResult
    public mutating func follow(_ course: Course?, at input: InputInstant) -> [RecorderOutput] {
        collect { $0.follow(course, at: input, emit: $1) }
    }

    /// A workout to run from now (nil clears it), at the timeline's present: the session being
    /// recorded notes it and runs it from its first step, and every later session runs it.
    @discardableResult
    public mutating func run(_ workout: Workout?, at input: InputInstant) -> [RecorderOutput] {
        collect { $0.run(workout, at: input, emit: $1) }
    }

    /// `workout skip`: ends the current step now; throws when there is none to end.
    @discardableResult
    public mutating func skipWorkoutStep(at input: InputInstant) throws(WorkoutCommandError) -> [RecorderOutput] {
        var out: [RecorderOutput] = []
        try skipWorkoutStep(at: input) { out.append($0) }
        return out
    }

    /// The periodic heartbeat (about once a second).
    @discardableResult
    public mutating func tick(at input: InputInstant) -> [RecorderOutput] {
        collect { $0.tick(at: input, emit: $1) }
    }

    /// A session the journal found open after a crash.
    @discardableResult
    public mutating func recover(_ session: JournalSession, at input: InputInstant) -> [RecorderOutput] {
        collect { $0.recover(session, at: input, emit: $1) }
    }

    /// The end of a replay.
    @discardableResult
    public mutating func finish() -> [RecorderOutput] {
        collect { $0.finish(emit: $1) }
    }

    /// Logs a set in the strength session being recorded (`logSet(_:at:emit:)`).
    public mutating func logSet(_ entry: StrengthSetEntry, at input: InputInstant) throws(StrengthSetError) -> (set: StrengthSet, outputs: [RecorderOutput]) {
        var out: [RecorderOutput] = []
        let set = try logSet(entry, at: input) { out.append($0) }
        return (set, out)
    }

    /// Removes the session's last set (`undoSet(at:emit:)`); returns the number it removed.
    public mutating func undoSet(at input: InputInstant) throws(StrengthSetError) -> (number: Int, outputs: [RecorderOutput]) {
        var out: [RecorderOutput] = []
        let number = try undoSet(at: input) { out.append($0) }
        return (number, out)
    }

    /// Runs one input that cannot fail with a sink and returns what it emitted, in order.
    private mutating func collect(_ input: (inout SessionRecorder, (RecorderOutput) -> Void) -> Void) -> [RecorderOutput] {
        var out: [RecorderOutput] = []
        input(&self) { out.append($0) }
        return out
    }
}
