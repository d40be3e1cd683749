/// A point on a monotonic clock, in nanoseconds from an arbitrary origin.
///
/// The core never reads a clock: adapters read CLOCK_MONOTONIC and pass it in,
/// and replays derive it from recorded times, so a replay at full speed and a
/// live run go through identical arithmetic.
public struct MonotonicInstant: Hashable, Comparable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public init(seconds: Double) { nanoseconds = (seconds * 1e9).clampedInt64() }

    public static func < (a: MonotonicInstant, b: MonotonicInstant) -> Bool { a.nanoseconds < b.nanoseconds }

    /// Seconds from `earlier` to `self` (negative when `earlier` is later).
    public func seconds(since earlier: MonotonicInstant) -> Double {
        Double(nanoseconds - earlier.nanoseconds) / 1e9
    }

    public func advanced(bySeconds s: Double) -> MonotonicInstant {
        let (sum, overflow) = nanoseconds.addingReportingOverflow((s * 1e9).clampedInt64())
        return MonotonicInstant(nanoseconds: overflow ? (s > 0 ? .max : .min) : sum)
    }
}
