/// Estimates cadence (steps per minute) from speed when there is no footpod.
///
/// Step length grows with speed and with the athlete's height: walking steps are about
/// 0.41 x height at 1.4 m/s (Hoff and others), running steps are longer and cadence rises
/// slowly with speed (about 160 spm at 2.5 m/s to 185 spm at 5.5 m/s for a 1.75 m runner).
/// No steps while standing or below walking speed; none at all on a bike.
public enum StrideModel {
    /// Steps per minute at a speed; 0 when standing, nil for activities without steps.
    public static func cadence(speed: Double, activity: Activity, heightCentimetres: Double) -> Double? {
        let heightFactor = (175 / heightCentimetres).squareRoot()
        switch activity {
        case .ride, .strength, .other:
            return nil
        case .walk:
            guard speed >= 0.3 else { return 0 }
            let stepLength = heightCentimetres / 100 * (0.30 + 0.08 * min(speed, 2.2))
            return speed / stepLength * 60
        case .run:
            guard speed >= 0.3 else { return 0 }
            if speed < 1.8 {
                // Jogging slowly is walking mechanics.
                let stepLength = heightCentimetres / 100 * (0.30 + 0.08 * speed)
                return speed / stepLength * 60
            }
            return (150 + 6.5 * min(speed, 8)) * heightFactor
        }
    }
}
