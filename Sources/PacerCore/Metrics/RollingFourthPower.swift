/// Coggan normalized power over one stretch (a session, a lap, a split): the 30 s rolling mean of
/// 1 s power from the 30th second of the stretch on, raised to the 4th power and averaged; NP is
/// the 4th root. A lap restarts its own window, so its NP never mixes in the previous lap.
struct RollingFourthPower: Sendable {
    static let windowSeconds = 30
    private var window = [Double](repeating: 0, count: windowSeconds)
    private var next = 0
    private var filled = 0
    private var sum = 0.0
    private var fourthSum = 0.0
    private var fourthCount = 0
    /// Largest single reading in the stretch, watts.
    var maximum: Int?

    var normalized: Double? { fourthCount > 0 ? (fourthSum / Double(fourthCount)).squareRoot().squareRoot() : nil }

    /// Mean of the last `count` whole seconds (fewer at the start); nil before the first.
    func recentMean(_ count: Int) -> Double? {
        let n = min(count, filled)
        guard n > 0 else { return nil }
        var total = 0.0
        for k in 1...n { total += window[(next - k + RollingFourthPower.windowSeconds) % RollingFourthPower.windowSeconds] }
        return total / Double(n)
    }

    mutating func add(second watts: Double) {
        sum += watts - window[next]
        window[next] = watts
        next = (next + 1) % RollingFourthPower.windowSeconds
        filled = min(RollingFourthPower.windowSeconds, filled + 1)
        guard filled == RollingFourthPower.windowSeconds else { return }
        let mean = max(0, sum) / Double(RollingFourthPower.windowSeconds)
        fourthSum += mean * mean * mean * mean
        fourthCount += 1
    }
}
