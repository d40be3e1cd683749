/// The athlete as the metrics need them: heart-rate bounds for zones, TRIMP and energy,
/// body size for energy and the stride model. Values the user did not set use typical
/// adult defaults so that every metric can be computed.
public struct AthleteProfile: Equatable, Sendable {
    public enum Sex: String, Sendable { case male, female }

    public var maxHeartRate: Int = 190
    public var restHeartRate: Int = 60
    /// Lactate-threshold heart rate; nil unless configured (the `lthr` zone model needs it).
    public var lactateThresholdHeartRate: Int?
    /// Explicit lower bounds of zones 1...5 in bpm; when nil, derived by `zoneModel`.
    public var explicitZoneLowerBounds: [Int]?
    public var zoneModel: HeartRateZoneModel = .percentMax
    public var weightKilograms: Double = 70
    public var heightCentimetres: Double = 175
    public var age: Int = 35
    public var sex: Sex = .male
    /// Functional threshold power, watts (`ftp`): what workout targets in % of FTP and power
    /// zones are held against; nil (the default) leaves them shown but not judged.
    public var ftpWatts: Double?

    public init() {}

    /// Lower bounds (bpm) of zones 1...5, strictly increasing.
    public var zoneLowerBounds: [Int] {
        if let explicitZoneLowerBounds { return explicitZoneLowerBounds }
        let fractions: [Double]
        switch zoneModel {
        case .percentMax:
            fractions = [0.5, 0.6, 0.7, 0.8, 0.9]
            return fractions.map { (Double(maxHeartRate) * $0).clampedInt() }
        case .percentReserve:
            fractions = [0.5, 0.6, 0.7, 0.8, 0.9]
            let reserve = Double(maxHeartRate - restHeartRate)
            return fractions.map { (Double(restHeartRate) + reserve * $0).clampedInt() }
        case .percentLTHR:
            fractions = [0.68, 0.83, 0.94, 1.0, 1.06]
            let lthr = Double(lactateThresholdHeartRate ?? (Double(maxHeartRate) * 0.9).clampedInt())
            return fractions.map { (lthr * $0).clampedInt() }
        }
    }

    /// Zone 1...5 of a heart rate, or nil below zone 1.
    public func zone(of heartRate: Int) -> Int? {
        let bounds = zoneLowerBounds
        var zone: Int?
        for (i, lower) in bounds.enumerated() where heartRate >= lower { zone = i + 1 }
        return zone
    }
}
