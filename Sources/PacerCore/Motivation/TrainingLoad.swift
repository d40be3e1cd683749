#if canImport(Glibc)
import Glibc
#endif

/// The performance management chart in GoldenCheetah's convention: daily stress is the sum of
/// the day's sessions' TRIMP; CTL (fitness) and ATL (fatigue) are exponentially weighted
/// averages with time constants `ctl_days` and `atl_days`, both 0 before the first session's
/// day; TSB (form) is yesterday's CTL minus yesterday's ATL.
public enum TrainingLoad {
    public struct Day: Equatable, Sendable {
        public var day: Int
        public var stress: Double
        public var ctl: Double
        public var atl: Double
        public var tsb: Double
    }

    /// One row per day from the first session's day through `through` (empty without sessions).
    public static func days(_ history: MotivationHistory, settings: MotivationSettings, through: Int) -> [Day] {
        guard !history.isEmpty, history.firstDay <= through else { return [] }
        let kc = exp(-1 / settings.ctlDays), ka = exp(-1 / settings.atlDays)
        var rows: [Day] = []
        rows.reserveCapacity(through - history.firstDay + 1)
        var ctl = 0.0, atl = 0.0
        for d in history.firstDay...through {
            let stress = history.totals(day: d).all.trimp
            let tsb = ctl - atl
            ctl = ctl * kc + stress * (1 - kc)
            atl = atl * ka + stress * (1 - ka)
            rows.append(Day(day: d, stress: stress, ctl: ctl, atl: atl, tsb: tsb))
        }
        return rows
    }

    /// The one-word reading of a day's form (TSB), with the bands users see in `pacerctl load`:
    /// below −30 fatigued (overreaching), −30...−10 productive (building fitness), −10...+25
    /// fresh, above +25 detraining (rested so long that fitness fades).
    public enum Reading: String, Sendable {
        case fatigued, productive, fresh, detraining

        public init(tsb: Double) {
            switch tsb {
            case ..<(-30): self = .fatigued
            case ..<(-10): self = .productive
            case ...25: self = .fresh
            default: self = .detraining
            }
        }
    }
}
