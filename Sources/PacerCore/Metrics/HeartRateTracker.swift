/// Heart-rate totals as docs/design.md defines them: each accepted value holds until the next one
/// for at most 5 s, over session time including pauses; "not in contact" ends the hold and is
/// not a heart rate. From the held values: time in zone, average, maximum, TRIMP and energy.
public struct HeartRateTracker: Sendable {
    public static let holdSeconds = 5.0
    public let athlete: AthleteProfile
    private let bounds: [Int]
    public private(set) var zoneSeconds: [Double] = [0, 0, 0, 0, 0]
    /// Seconds covered by a held heart rate (in a zone or below zone 1).
    public private(set) var heldSeconds = 0.0
    public private(set) var weightedSum = 0.0
    public private(set) var maximum: Int?
    public private(set) var trimp = 0.0
    public private(set) var kilocalories = 0.0
    public private(set) var accepted = 0
    public private(set) var notInContact = 0
    private var current: HeldReading<Int>?

    public init(athlete: AthleteProfile) {
        self.athlete = athlete
        bounds = athlete.zoneLowerBounds
    }

    /// The heart rate held at `instant`, if any.
    public func heartRate(at instant: MonotonicInstant) -> Int? {
        guard let current, current.holds(at: instant) else { return nil }
        return current.value
    }

    public func zone(at instant: MonotonicInstant) -> Int? { heartRate(at: instant).flatMap(zone(of:)) }

    public func zone(of bpm: Int) -> Int? {
        var z: Int?
        for (i, lower) in bounds.enumerated() where bpm >= lower { z = i + 1 }
        return z
    }

    /// A new measurement: a heart rate, or nil when the strap reports no skin contact.
    public mutating func accept(_ bpm: Int?, at instant: MonotonicInstant) {
        advance(to: instant)
        if let bpm, bpm > 0 {
            current = HeldReading(bpm, at: instant)
            accepted += 1
            maximum = max(maximum ?? bpm, bpm)
        } else {
            current = nil
            notInContact += 1
        }
    }

    /// Credits the held value up to `instant` (call before reading totals, and at stop).
    public mutating func advance(to instant: MonotonicInstant) {
        guard let bpm = current?.value, let dt = current?.credit(upTo: instant) else { return }
        heldSeconds += dt
        weightedSum += Double(bpm) * dt
        if let z = zone(of: bpm) { zoneSeconds[z - 1] += dt }
        trimp += EnergyModel.banisterTRIMP(heartRate: Double(bpm), minutes: dt / 60, athlete: athlete)
        kilocalories += EnergyModel.keytelKilocaloriesPerMinute(heartRate: Double(bpm), athlete: athlete) * dt / 60
    }

    /// Time-weighted average of the held values.
    public var average: Double? { heldSeconds > 0 ? weightedSum / heldSeconds : nil }
}
