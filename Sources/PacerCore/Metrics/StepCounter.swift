/// Steps and cadence: integrates a footpod's cadence when one is reporting (each value holds
/// at most 5 s), otherwise the stride model's cadence over the moving intervals the engine gives.
public struct StepCounter: Sendable {
    public private(set) var steps = 0.0
    /// Time-weighted cadence over intervals with cadence above zero.
    private var cadenceSum = 0.0
    private var cadenceSeconds = 0.0
    private var footpod: HeldReading<Double>?
    public private(set) var current: Double?

    public init() {}

    /// True while a footpod value is held: the stride model must stay silent.
    public func footpodActive(at instant: MonotonicInstant) -> Bool {
        footpod?.holds(at: instant) ?? false
    }

    public mutating func footpod(cadence: Double, at instant: MonotonicInstant) {
        advance(to: instant)
        footpod = HeldReading(max(0, cadence), at: instant)
        current = max(0, cadence)
    }

    /// Credits the held footpod cadence up to `instant`.
    public mutating func advance(to instant: MonotonicInstant) {
        guard let cadence = footpod?.value, let dt = footpod?.credit(upTo: instant) else { return }
        add(cadence: cadence, seconds: dt)
    }

    /// A stretch of `seconds` at an estimated cadence (no footpod).
    public mutating func estimated(cadence: Double, seconds: Double) {
        current = cadence
        add(cadence: cadence, seconds: seconds)
    }

    private mutating func add(cadence: Double, seconds: Double) {
        guard cadence > 0, seconds > 0 else { return }
        steps += cadence / 60 * seconds
        cadenceSum += cadence * seconds
        cadenceSeconds += seconds
    }

    public var averageCadence: Double? { cadenceSeconds > 0 ? cadenceSum / cadenceSeconds : nil }
    public var cadenceWeightedSum: Double { cadenceSum }
    public var cadenceWeightSeconds: Double { cadenceSeconds }
}
