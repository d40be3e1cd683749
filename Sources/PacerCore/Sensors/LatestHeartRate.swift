/// The heart rate to show now: the last accepted value while it is fresh, marked stale
/// when older than five seconds (a strap that stopped talking must not freeze the display),
/// and no value at all while the strap reports lost skin contact.
public struct LatestHeartRate: Equatable, Sendable {
    public static let staleAfterSeconds = 5.0

    public enum Reading: Equatable, Sendable {
        case current(beatsPerMinute: Int)
        case stale(beatsPerMinute: Int, ageSeconds: Double)
        /// The strap says it is not touching skin: what it sends is not a heart rate.
        case noContact
    }

    private var beatsPerMinute: Int?
    private var at: MonotonicInstant?
    private var contactLost = false

    public init() {}

    public mutating func record(_ measurement: HeartRateMeasurement, at now: MonotonicInstant) {
        at = now
        if measurement.isHeartRateValid {
            beatsPerMinute = Int(measurement.beatsPerMinute)
            contactLost = false
        } else {
            contactLost = true
        }
    }

    /// Nil before the first value.
    public func reading(at now: MonotonicInstant) -> Reading? {
        guard let at else { return nil }
        let age = now.seconds(since: at)
        if contactLost { return age > LatestHeartRate.staleAfterSeconds ? nil : .noContact }
        guard let bpm = beatsPerMinute else { return nil }
        return age > LatestHeartRate.staleAfterSeconds ? .stale(beatsPerMinute: bpm, ageSeconds: age) : .current(beatsPerMinute: bpm)
    }
}
