/// Maps the monotonic instant an input arrived at onto the GNSS receiver's time.
///
/// Every fix says when it was measured (receiver time) and we know when it arrived; the
/// difference is the clock offset plus a latency that is never negative (serial transfer,
/// USB converter buffering, gpsd). The fix with the least latency therefore gives the best
/// offset: the estimate is the largest `receiver − arrival` seen over the last `window`
/// seconds of fixes (a sliding maximum), so bursts and a growing 9600-baud lag do not drag it.
public struct ReceiverClock: Sendable {
    /// Fixes older than this (counted back from the newest) no longer vote: the two clocks drift.
    public static let window = 60.0

    /// Candidates in arrival order with decreasing offsets (a sliding-window maximum).
    private var candidates: [(arrival: MonotonicInstant, offsetMilliseconds: Int64)] = []
    private var head = 0

    public init() {}

    /// Milliseconds to add to a monotonic instant (in ms) to get receiver UTC; nil before any fix.
    public var offsetMilliseconds: Int64? { head < candidates.count ? candidates[head].offsetMilliseconds : nil }

    /// A fix measured at `time` arrived at `arrival`.
    public mutating func observe(time: UTCTime, arrival: MonotonicInstant) {
        let offset = time.subtracting(milliseconds: arrival.nanoseconds / 1_000_000).millisecondsSinceEpoch
        while candidates.count > head, candidates[candidates.count - 1].offsetMilliseconds <= offset { candidates.removeLast() }
        candidates.append((arrival, offset))
        let oldest = arrival.advanced(bySeconds: -ReceiverClock.window)
        while head < candidates.count - 1, candidates[head].arrival < oldest { head += 1 }
        if head > 64 { candidates.removeFirst(head); head = 0 }
    }

    /// Receiver time at `arrival`; nil before any fix.
    public func time(at arrival: MonotonicInstant) -> UTCTime? {
        offsetMilliseconds.map { UTCTime(millisecondsSinceEpoch: arrival.nanoseconds / 1_000_000 + $0) }
    }

    public mutating func reset() {
        candidates.removeAll()
        head = 0
    }
}
