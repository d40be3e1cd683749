/// What turns a plan's targets into numbers for one athlete: functional threshold power for
/// targets in % of FTP and power zones, the heart-rate zones and maximum of the config's
/// `[athlete]` section for heart-rate zones and % of maximum.
public struct WorkoutAthlete: Equatable, Sendable {
    /// nil: targets in % of FTP and power zones are shown but not judged.
    public var ftpWatts: Double?
    /// Lower bounds (bpm) of zones 1...5, as `AthleteProfile.zoneLowerBounds` gives them.
    public var heartRateZoneLowerBounds: [Int]
    public var maxHeartRate: Int

    public init(ftpWatts: Double? = nil, profile: AthleteProfile = AthleteProfile()) {
        self.ftpWatts = ftpWatts
        heartRateZoneLowerBounds = profile.zoneLowerBounds
        maxHeartRate = profile.maxHeartRate
    }

    /// Coggan's power zones 1...7 as fractions of FTP (zone 7 has no top: 3 x FTP stands for it).
    static let powerZones: [ClosedRange<Double>] = [0...0.55, 0.56...0.75, 0.76...0.90, 0.91...1.05, 1.06...1.20, 1.21...1.50, 1.51...3.0]

    /// The target's range in W, bpm, m/s or rpm at `fraction` (0...1) of the step: a ramp's single
    /// value there, else the whole range; nil when it needs an FTP there is none of, or zones
    /// the athlete does not have five of.
    public func range(of target: WorkoutTarget, at fraction: Double) -> ClosedRange<Double>? {
        var low = target.low, high = target.high
        if target.ramp {
            let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
            let value = target.low + (target.high - target.low) * f
            low = value
            high = value
        }
        switch (target.quantity, target.scale) {
        case (_, .absolute):
            return ordered(low, high)
        case (.power, .ftp):
            guard let ftp = ftpWatts, ftp.isFinite, ftp > 0 else { return nil }
            return ordered(low * ftp, high * ftp)
        case (.power, .zone):
            guard let ftp = ftpWatts, ftp.isFinite, ftp > 0, let zone = low.roundedInt(), (1...7).contains(zone) else { return nil }
            let z = Self.powerZones[zone - 1]
            return ordered(z.lowerBound * ftp, z.upperBound * ftp)
        case (.heartRate, .zone):
            return heartRateZone(low.roundedInt() ?? 0)
        case (.heartRate, .maxHeartRate):
            return ordered(low * Double(maxHeartRate), high * Double(maxHeartRate))
        default:
            return nil
        }
    }

    /// Zone n runs from its lower bound to one below the next zone's; zone 5 to the maximum.
    func heartRateZone(_ zone: Int) -> ClosedRange<Double>? {
        let bounds = heartRateZoneLowerBounds
        guard bounds.count == 5, (1...5).contains(zone) else { return nil }
        let low = Double(bounds[zone - 1])
        let high = zone < 5 ? Double(bounds[zone] - 1) : Double(max(maxHeartRate, bounds[4]))
        return ordered(low, high)
    }

    private func ordered(_ a: Double, _ b: Double) -> ClosedRange<Double>? {
        guard a.isFinite, b.isFinite else { return nil }
        return min(a, b)...max(a, b)
    }
}
