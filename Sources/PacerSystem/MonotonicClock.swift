#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// CLOCK_MONOTONIC as the core's `MonotonicInstant`: the only clock adapters read for
/// timeouts and latencies (it never jumps when the wall clock is set from GPS).
public enum MonotonicClock {
    /// Wraps `clock_gettime(CLOCK_MONOTONIC)`, which cannot fail with a valid clock id.
    public static func now() -> MonotonicInstant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicInstant(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }
}
