#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// Reads the system clocks for the core, which never reads one itself.
public enum Clocks {
    /// CLOCK_MONOTONIC: for durations, timeouts and ordering; never jumps with NTP or GPS.
    public static func monotonic() -> MonotonicInstant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicInstant(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }

    /// CLOCK_REALTIME as UTC, for labels only (a session that never saw a fix, when a BLE value
    /// arrived, gpsd's `activated`): a board without a real-time clock may be days off.
    public static func wall() -> UTCTime {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UTCTime(millisecondsSinceEpoch: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000)
    }
}
