#if canImport(Glibc)
import Glibc
#endif

/// The formulas of the set log, each in one place with the numbers it uses.
public enum StrengthRules {
    /// Epley's estimated one-rep maximum: w × (1 + reps / 30).
    public static func epley(weight: Double, reps: Int) -> Double {
        weight * (1 + Double(reps) / 30)
    }

    /// Sessions compared on each side by momentum.
    public static let momentumWindow = 5

    /// Momentum: the mean of the last `k` values against the mean of the `k` before them, as a
    /// fraction (+0.2 = 20 % more), k = min(5, n / 2) so both sides hold as many values. nil with
    /// fewer than two values or nothing before.
    public static func momentum(_ values: [Double]) -> Double? {
        let k = min(momentumWindow, values.count / 2)
        guard k >= 1 else { return nil }
        let recent = values.suffix(k).reduce(0, +) / Double(k)
        let before = values.dropLast(k).suffix(k).reduce(0, +) / Double(k)
        guard before > 0 else { return nil }
        return recent / before - 1
    }

    /// WorkoutEvaluator's bands: above +0.15 accelerating, +0.05...+0.15 steady, −0.10...+0.05
    /// holding, below −0.10 declining.
    public enum MomentumBand: String, Sendable {
        case accelerating, steady, holding, declining

        public init(_ fraction: Double) {
            switch fraction {
            case let f where f > 0.15: self = .accelerating
            case let f where f >= 0.05: self = .steady
            case let f where f >= -0.10: self = .holding
            default: self = .declining
            }
        }
    }

    /// Reps every top set must reach before the weight goes up.
    public static let targetReps = 8
    /// Weight steps of the next-session rule: the smallest plates a gym has for presses and pulls,
    /// twice that for legs.
    public static let upperBodyStep = 2.5
    public static let lowerBodyStep = 5.0

    /// The next session of an exercise: after two sessions in a row whose top sets all reached
    /// `targetReps` at the current top weight (or more), the weight goes up by a step (+2.5 kg
    /// upper body, +5 kg lower body); otherwise the same weight, aiming at `targetReps`. As
    /// many sets as last time. `sessions` oldest first.
    public static func next(after sessions: [ExerciseSession], lowerBody: Bool) -> NextSession? {
        guard let last = sessions.last else { return nil }
        let ready = sessions.count >= 2 && last.repsAtTopWeight >= targetReps
            && sessions[sessions.count - 2].repsAtTopWeight >= targetReps
            && sessions[sessions.count - 2].topWeight >= last.topWeight
        let weight = ready ? last.topWeight + (lowerBody ? lowerBodyStep : upperBodyStep) : last.topWeight
        return NextSession(weightKilograms: weight, reps: targetReps, sets: last.sets, increase: ready)
    }

    /// Time constant of the fatigue a muscle group's volume leaves: it decays as e^(−t / 48 h).
    public static let recoveryTimeConstantSeconds = 48.0 * 3600

    /// Recovery in percent: 100 × (1 − F / V), F = Σ volume × e^(−age / 48 h) over the group's
    /// sets up to `now`, V = the group's largest one-day volume (its full session); 0...100.
    public static func recoveryPercent(fatigue: Double, referenceVolume: Double) -> Double {
        guard referenceVolume > 0 else { return 100 }
        return max(0, min(100, 100 * (1 - fatigue / referenceVolume)))
    }

    /// What one set still weighs on its group `ageSeconds` after it.
    public static func residualFatigue(volume: Double, ageSeconds: Double) -> Double {
        ageSeconds < 0 ? 0 : volume * exp(-ageSeconds / recoveryTimeConstantSeconds)
    }
}
