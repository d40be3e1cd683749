/// The wait before each reconnection attempt: short first (a strap that blinked out is
/// usually back at once), doubling after every failure, capped so a strap switched on
/// again after a long pause is still found within `maximumSeconds`.
public struct ReconnectBackoff: Equatable, Sendable {
    public var initialSeconds: Double
    public var factor: Double
    public var maximumSeconds: Double

    public init(initialSeconds: Double = 0.25, factor: Double = 2, maximumSeconds: Double = 30) {
        self.initialSeconds = initialSeconds
        self.factor = factor
        self.maximumSeconds = maximumSeconds
    }

    /// Seconds to wait before the attempt that follows `failures` consecutive failed ones.
    public func delay(afterFailures failures: Int) -> Double {
        var d = initialSeconds
        var n = 0
        while n < failures, d < maximumSeconds {
            d *= factor
            n += 1
        }
        return min(d, maximumSeconds)
    }
}
