#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// The system clocks, read here so the core never does: CLOCK_MONOTONIC for intervals
/// and timers, CLOCK_REALTIME for the UTC time stamped on recorded values.
public enum SystemClock {
    public static func monotonic() -> MonotonicInstant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicInstant(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }

    public static func utcNow() -> UTCTime {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UTCTime(millisecondsSinceEpoch: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000)
    }
}
