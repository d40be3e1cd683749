#if canImport(Glibc)
import Glibc
#endif

/// Energy expenditure: Keytel et al. (2005) from heart rate when there is one, else
/// metabolic equivalents (ACSM equations for walking and running, Compendium values for cycling).
public enum EnergyModel {
    /// kcal per minute at a heart rate (Keytel 2005, without VO2max), never negative.
    public static func keytelKilocaloriesPerMinute(heartRate: Double, athlete: AthleteProfile) -> Double {
        let w = athlete.weightKilograms, a = Double(athlete.age)
        let kJ: Double
        switch athlete.sex {
        case .male: kJ = -55.0969 + 0.6309 * heartRate + 0.1988 * w + 0.2017 * a
        case .female: kJ = -20.4022 + 0.4472 * heartRate - 0.1263 * w + 0.074 * a
        }
        return max(0, kJ / 4.184)
    }

    /// Metabolic equivalent of moving at `speed` m/s.
    public static func met(activity: Activity, speed: Double) -> Double {
        let metresPerMinute = speed * 60
        switch activity {
        case .strength, .other: return activity.profile.fixedMET ?? 0
        case .walk: return (3.5 + 0.1 * metresPerMinute) / 3.5
        case .run: return (3.5 + 0.2 * metresPerMinute) / 3.5
        case .ride:
            let kmh = speed * 3.6
            switch kmh {
            case ..<16: return 4
            case ..<19: return 6.8
            case ..<22: return 8
            case ..<25: return 10
            case ..<30: return 12
            default: return 15.8
            }
        }
    }

    /// kcal for `seconds` at a MET value.
    public static func metKilocalories(met: Double, athlete: AthleteProfile, seconds: Double) -> Double {
        met * athlete.weightKilograms * seconds / 3600
    }

    /// Banister TRIMP for `minutes` at a heart rate: minutes x HRr x 0.64 e^(1.92 HRr) (men),
    /// 0.86 e^(1.67 HRr) (women), HRr the fraction of heart-rate reserve.
    public static func banisterTRIMP(heartRate: Double, minutes: Double, athlete: AthleteProfile) -> Double {
        let reserve = Double(athlete.maxHeartRate - athlete.restHeartRate)
        guard reserve > 0 else { return 0 }
        let hrr = min(1, max(0, (heartRate - Double(athlete.restHeartRate)) / reserve))
        switch athlete.sex {
        case .male: return minutes * hrr * 0.64 * exp(1.92 * hrr)
        case .female: return minutes * hrr * 0.86 * exp(1.67 * hrr)
        }
    }
}
