/// STATE's `trainer` object while a smart trainer has been heard in the session (left out
/// otherwise): `mode` (erg, sim, off), `state` (waiting, requesting, starting, controlling,
/// refused, not_supported, dropped), the target last written (`target_w`, or `grade_pct` for a
/// simulated ride) and the trainer's supported power range (`min_w`, `max_w`, null until read).
public struct LiveTrainer: Equatable, Sendable {
    public var mode: String
    public var state: String
    public var targetWatts: Int?
    public var gradePercent: Double?
    public var minimumWatts: Int?
    public var maximumWatts: Int?

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("mode"); w.value(mode)
        w.key("state"); w.value(state)
        w.key("target_w"); w.value(targetWatts.map { Double($0) }, decimals: 0)
        w.key("grade_pct"); w.value(gradePercent, decimals: 2)
        w.key("min_w"); w.value(minimumWatts.map { Double($0) }, decimals: 0)
        w.key("max_w"); w.value(maximumWatts.map { Double($0) }, decimals: 0)
        w.endObject()
    }
}

extension LiveTrainer {
    /// Decodes a `trainer` object (pacerctl's side); nil when it is not one.
    init?(json: JSONValue) {
        guard let mode = json["mode"]?.string, let state = json["state"]?.string else { return nil }
        self.init(mode: mode, state: state, targetWatts: json["target_w"]?.number?.roundedInt(),
                  gradePercent: json["grade_pct"]?.number, minimumWatts: json["min_w"]?.number?.roundedInt(),
                  maximumWatts: json["max_w"]?.number?.roundedInt())
    }
}
