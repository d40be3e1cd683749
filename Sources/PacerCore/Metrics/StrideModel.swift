/// Estimates cadence (steps per minute) from speed when there is no footpod.
///
/// Step length grows with speed and with the athlete's height: walking steps are about
/// 0.41 x height at 1.4 m/s (Hoff and others) and shorten with the square root of speed below
/// and above it (the inverted pendulum's scaling: about 85 spm at 0.7 m/s, 100 at 1 m/s for a
/// 1.75 m walker; a length linear in speed made a slow hike's steps 0.62 m and lost 30 % of
/// them); running steps are longer and cadence rises slowly with speed (about 160 spm at
/// 2.5 m/s to 185 spm at 5.5 m/s for a 1.75 m runner).
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
            return speed / walkingStepLength(speed: min(speed, 2.2), heightCentimetres: heightCentimetres) * 60
        case .run:
            guard speed >= 0.3 else { return 0 }
            if speed < 1.8 {
                // Jogging slowly is walking mechanics.
                return speed / walkingStepLength(speed: speed, heightCentimetres: heightCentimetres) * 60
            }
            return (150 + 6.5 * min(speed, 8)) * heightFactor
        }
    }

    private static func walkingStepLength(speed: Double, heightCentimetres: Double) -> Double {
        heightCentimetres / 100 * 0.41 * (speed / 1.4).squareRoot()
    }
}
