/// Root mean square of successive RR differences (RMSSD, ms), the usual short-term HRV figure.
/// Artefacts are dropped: intervals outside 300...2000 ms (200...30 bpm) and differences above
/// 20 % of the previous interval (ectopic beats, missed beats) break the chain instead of counting.
public struct RMSSDAccumulator: Sendable {
    private var previous: Double?
    private var sumOfSquares = 0.0
    public private(set) var differences = 0
    public private(set) var rejected = 0

    public init() {}

    /// Adds one RR interval in 1/1024 s, as the Heart Rate Measurement carries it.
    public mutating func add(rr1024: UInt16) {
        add(milliseconds: Double(rr1024) * 1000 / 1024)
    }

    public mutating func add(milliseconds rr: Double) {
        guard rr >= 300, rr <= 2000 else { rejected += 1; previous = nil; return }
        if let p = previous {
            let d = rr - p
            if abs(d) > 0.2 * p { rejected += 1; previous = rr; return }
            sumOfSquares += d * d
            differences += 1
        }
        previous = rr
    }

    /// Nil until there are at least two clean successive differences.
    public var rmssd: Double? {
        differences >= 2 ? (sumOfSquares / Double(differences)).squareRoot() : nil
    }
}
