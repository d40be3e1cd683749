/// The engine's session events as protocol EVENTs, with the totals a frontend announces
/// ("lap 3: 1.00 km in 5:12").
extension LiveEvent {
    public init(_ event: SessionEvent, sessionID: String?) {
        var details: [(String, JSONValue)] = []
        if let sessionID { details.append(("session", .string(sessionID))) }
        let kind: Kind
        switch event {
        case let .sessionStarted(_, activity):
            kind = .sessionStarted
            details.append(("activity", .string(activity.rawValue)))
        case let .sessionResumed(_, activity):
            kind = .sessionResumed
            details.append(("activity", .string(activity.rawValue)))
        case let .sessionStopped(_, summary):
            kind = .sessionStopped
            details += [("elapsed_s", .number(summary.elapsedSeconds.rounded())),
                        ("moving_s", .number(summary.movingSeconds.rounded())),
                        ("distance_m", .number((summary.distanceMeters * 10).rounded() / 10))]
        case .paused: kind = .paused
        case let .resumed(_, automatic): kind = automatic ? .autoresumed : .resumed
        case .autopaused: kind = .autopaused
        case let .lap(_, lap, trigger):
            kind = .lap
            details += LiveEvent.segment(lap)
            details.append(("trigger", .string(trigger.rawValue)))
        case let .split(_, split):
            kind = .split
            details += LiveEvent.segment(split)
        case let .zoneChanged(_, from, to, heartRate):
            kind = .zoneChanged
            details += [("zone", to.map { .number(Double($0)) } ?? .null),
                        ("previous", from.map { .number(Double($0)) } ?? .null),
                        ("hr", heartRate.map { .number(Double($0)) } ?? .null)]
        case let .course(_, course):
            // Every course event's type is a kind (`LiveEventKindTests`).
            kind = Kind(rawValue: course.type) ?? .error
            details += course.details
        case let .workout(_, workout):
            kind = Kind(rawValue: workout.type) ?? .error
            details += workout.details
        }
        self.init(kind, time: event.time, details: details)
    }

    private static func segment(_ s: SegmentSummary) -> [(String, JSONValue)] {
        func number(_ v: Double?, _ scale: Double = 1) -> JSONValue {
            guard let v, v.isFinite else { return .null }
            return .number((v * scale).rounded() / scale)
        }
        return [("index", .number(Double(s.index))), ("elapsed_s", number(s.elapsedSeconds)),
                ("moving_s", number(s.movingSeconds)), ("distance_m", number(s.distanceMeters, 10)),
                ("avg_speed_mps", number(s.averageSpeed, 100)), ("pace_s_per_km", number(s.paceSecondsPerKilometre)),
                ("hr_avg", number(s.heartRateAverage)), ("cadence_avg", number(s.cadenceAverage))]
    }
}
