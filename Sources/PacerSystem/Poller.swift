#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// `poll(2)` over a few descriptors with a deadline on the monotonic clock.
public enum Poller {
    /// Waits until a descriptor is ready or `deadline` passes (nil: no deadline).
    /// Returns the number of ready descriptors (0 on timeout); EINTR is retried.
    @discardableResult
    public static func wait(_ fds: inout [pollfd], until deadline: MonotonicInstant?) throws -> Int {
        var timeout: Int32 = -1
        if let deadline {
            let ns = deadline.nanoseconds - Clocks.monotonic().nanoseconds
            // Round up so that a wake-up is never early (early wake-ups spin).
            timeout = ns <= 0 ? 0 : Int32(clamping: (ns + 999_999) / 1_000_000)
        }
        let count = fds.count
        let ready = try fds.withUnsafeMutableBufferPointer { buffer in
            try retryingEINTR("poll") { poll(buffer.baseAddress, nfds_t(count), timeout) }
        }
        return Int(ready)
    }
}
