/// `pacerctl evaluate`: two to four short findings with numbers about the latest session, each
/// with a machine-readable kind.
///
/// Strength: the latest session's main exercise (its largest volume) against its previous
/// session — top weight and total reps both up: progressive overload; weight only: strength;
/// reps only: endurance; neither: maintenance (focus on technique) — then its volume change,
/// its momentum, and recovery warnings. Endurance: pace and heart rate against the previous
/// comparable session (same activity, half to twice the distance; efficiency = speed ÷ heart
/// rate), distance momentum (TRIMP without a track), and the form reading (TSB).
public struct WorkoutEvaluation: Sendable {
    public struct Finding: Equatable, Sendable {
        public var kind: String
        public var text: String
        /// The finding's main number (a fraction for changes, kg, percent...), nil when none.
        public var value: Double?
    }

    public var activity: Activity
    public var sessionID: UInt64?
    public var day: Int?
    public var findings: [Finding] = []

    public static let maximumFindings = 4

    // MARK: strength

    public static func strength(_ log: StrengthLog, calendar: LocalCalendar, now: Int64, today: Int,
                                units: UnitSystem = .metric) -> WorkoutEvaluation {
        var result = WorkoutEvaluation(activity: .strength)
        guard let latest = log.rows.last(where: { $0.time <= now })?.session ?? log.rows.last?.session else { return result }
        // The main exercise: the latest session's largest volume.
        var volumes: [UInt16: Double] = [:]
        for r in log.rows where r.session == latest { volumes[r.exercise, default: 0] += r.weight * Double(r.reps) }
        guard let main = volumes.max(by: { ($0.value, -Int($0.key)) < ($1.value, -Int($1.key)) })?.key,
              let progress = ExerciseProgress.all(log, calendar: calendar, only: main).first,
              let k = progress.sessions.lastIndex(where: { $0.sessionID == latest }) else { return result }
        let now = progress.sessions[k]
        result.sessionID = latest
        result.day = now.day
        let name = progress.name
        func weight(_ kg: Double) -> String { StrengthText.weight(kg, units) }
        if k > 0 {
            let before = progress.sessions[k - 1]
            let heavier = now.topWeight > before.topWeight, moreReps = now.totalReps > before.totalReps
            let kind = heavier && moreReps ? "progressive_overload" : heavier ? "strength" : moreReps ? "endurance" : "maintenance"
            let verdict = ["progressive_overload": "progressive overload", "strength": "strength gain (heavier)",
                           "endurance": "endurance gain (more reps)", "maintenance": "maintenance: focus on technique"][kind]!
            result.findings.append(Finding(kind: kind, text: "\(name): top \(weight(now.topWeight)), \(now.totalReps) reps vs "
                                           + "\(weight(before.topWeight)), \(before.totalReps) reps: \(verdict)", value: now.topWeight - before.topWeight))
            let change = before.volume > 0 ? now.volume / before.volume - 1 : nil
            let kindV = change.map { $0 > 0.005 ? "volume_up" : $0 < -0.005 ? "volume_down" : "volume_same" } ?? "volume_same"
            result.findings.append(Finding(kind: kindV, text: "volume \(weight(now.volume)) vs \(weight(before.volume))"
                                           + (change.map { " (\(StrengthText.percent($0)))" } ?? ""), value: change))
        } else {
            result.findings.append(Finding(kind: "first_session", text: "\(name): first session, top \(weight(now.topWeight)), "
                                           + "\(now.totalReps) reps, e1RM \(weight(now.estimatedOneRepMax))", value: now.estimatedOneRepMax))
            result.findings.append(Finding(kind: "volume", text: "volume \(weight(now.volume)) in \(now.sets) sets", value: now.volume))
        }
        let history = Array(progress.sessions[...k])
        if let m = StrengthRules.momentum(history.map(\.volume)) {
            let band = StrengthRules.MomentumBand(m)
            let n = min(StrengthRules.momentumWindow, history.count / 2)
            result.findings.append(Finding(kind: "momentum_" + band.rawValue,
                                           text: "momentum \(StrengthText.percent(m)) (last \(n) vs \(n) before): \(band.rawValue)", value: m))
        }
        let warned = MuscleRecovery.report(log, calendar: calendar, now: now.lastSetTime, today: now.day).filter { $0.warning != nil }
        if let w = warned.first(where: { $0.muscle == progress.muscle }) ?? warned.first {
            result.findings.append(Finding(kind: "recovery_warning", text: StrengthText.warning(w), value: w.recoveryPercent))
        }
        result.findings = Array(result.findings.prefix(maximumFindings))
        return result
    }

    // MARK: endurance

    /// What evaluation needs of a finished session.
    public struct SessionRow: Sendable {
        public var id: UInt64
        public var start: Int64
        public var activity: Activity
        public var distance: Double
        public var moving: Double
        public var heartRateAverage: Double?
        public var trimp: Double?
        public init(id: UInt64, start: Int64, activity: Activity, distance: Double, moving: Double, heartRateAverage: Double?, trimp: Double?) {
            self.id = id
            self.start = start
            self.activity = activity
            self.distance = distance
            self.moving = moving
            self.heartRateAverage = heartRateAverage
            self.trimp = trimp
        }
        var speed: Double? { moving > 0 && distance > 0 ? distance / moving : nil }
    }

    /// `sessions` in start order, all of `activity`; `tsb` today's form when the load is known.
    public static func endurance(_ sessions: [SessionRow], activity: Activity, calendar: LocalCalendar, tsb: Double?,
                                 units: UnitSystem = .metric) -> WorkoutEvaluation {
        var result = WorkoutEvaluation(activity: activity)
        guard let latest = sessions.last else { return result }
        result.sessionID = latest.id
        result.day = calendar.day(milliseconds: latest.start)
        let previous = sessions.dropLast().last { $0.distance >= latest.distance / 2 && $0.distance <= latest.distance * 2 }
        if let previous, let v = latest.speed, let w = previous.speed {
            let secondsPerUnit = { (speed: Double) in units.metresPerUnit / speed }
            let delta = secondsPerUnit(v) - secondsPerUnit(w)
            let kind = delta < -0.5 ? "pace_faster" : delta > 0.5 ? "pace_slower" : "pace_same"
            // A ride reads in speed, the others in pace; the kind and value are the pace change either way.
            let speedUnit = units == .metric ? "km/h" : "mph"
            let shown = activity == .ride
                ? "speed \(UnitSystem.fixed(v * 3600 / units.metresPerUnit, 1)) vs \(UnitSystem.fixed(w * 3600 / units.metresPerUnit, 1)) \(speedUnit)"
                : "pace \(UnitSystem.clock(secondsPerUnit(v))) /\(units.distanceUnit) vs \(UnitSystem.clock(secondsPerUnit(w))) /\(units.distanceUnit)"
            result.findings.append(Finding(kind: kind, text: shown + " on a comparable \(units.distance(previous.distance)) \(units.distanceUnit) session",
                                           value: delta))
            if let h = latest.heartRateAverage, let g = previous.heartRateAverage, h > 0, g > 0 {
                let now = v * 60 / h, before = w * 60 / g
                let change = now / before - 1
                let kindE = change > 0.01 ? "efficiency_up" : change < -0.01 ? "efficiency_down" : "efficiency_same"
                result.findings.append(Finding(kind: kindE, text: "efficiency \(UnitSystem.fixed(now, 2)) vs \(UnitSystem.fixed(before, 2)) "
                                               + "m/min per bpm (\(StrengthText.percent(change))), heart rate \(h.wholeText()) vs \(g.wholeText())",
                                               value: change))
            }
        } else {
            result.findings.append(Finding(kind: "no_comparable_session", text: "no earlier \(activity.rawValue) of a comparable distance", value: nil))
        }
        let track = activity.profile.recordsTrack
        if let m = StrengthRules.momentum(sessions.map { track ? $0.distance : ($0.trimp ?? 0) }) {
            let band = StrengthRules.MomentumBand(m)
            result.findings.append(Finding(kind: "momentum_" + band.rawValue,
                                           text: "\(track ? "distance" : "TRIMP") momentum \(StrengthText.percent(m)): \(band.rawValue)", value: m))
        }
        if let tsb {
            let reading = TrainingLoad.Reading(tsb: tsb)
            result.findings.append(Finding(kind: "load_" + reading.rawValue, text: "form (TSB) \(UnitSystem.fixed(tsb, 1)): \(reading.rawValue)", value: tsb))
        }
        result.findings = Array(result.findings.prefix(maximumFindings))
        return result
    }
}
