#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// A single-threaded poll(2) loop: file descriptors with read/write interest, and timers on the
/// monotonic clock. Everything in pacerd runs on it, so no state is shared between threads.
public final class EventLoop {
    public struct Interest: OptionSet, Sendable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }
        public static let read = Interest(rawValue: Int16(POLLIN))
        public static let write = Interest(rawValue: Int16(POLLOUT))
    }

    /// What poll reported for a descriptor. `hangup` covers POLLHUP/POLLERR/POLLNVAL.
    public struct Readiness: Sendable {
        public let readable: Bool
        public let writable: Bool
        public let hangup: Bool
    }

    public typealias TimerID = Int

    private struct Watch {
        var interest: Interest
        var handler: (Readiness) -> Void
    }

    private struct Timer {
        var due: MonotonicInstant
        var interval: Double?
        var body: () -> Void
    }

    private var watches: [Int32: Watch] = [:]
    private var timers: [TimerID: Timer] = [:]
    private var nextTimerID = 1
    private var running = false
    private var pollSet: [pollfd] = []
    private var pollSetDirty = true

    public init() {}

    /// Calls `handler` whenever `fd` is ready for `interest`. Replaces an earlier watch on `fd`.
    public func watch(_ fd: Int32, _ interest: Interest, handler: @escaping (Readiness) -> Void) {
        watches[fd] = Watch(interest: interest, handler: handler)
        pollSetDirty = true
    }

    public func setInterest(_ fd: Int32, _ interest: Interest) {
        guard watches[fd]?.interest != interest else { return }
        watches[fd]?.interest = interest
        pollSetDirty = true
    }

    /// Stops watching `fd` (call before closing it).
    public func unwatch(_ fd: Int32) {
        if watches.removeValue(forKey: fd) != nil { pollSetDirty = true }
    }

    /// Runs `body` after `seconds`, and again every `interval` seconds when given.
    @discardableResult
    public func schedule(after seconds: Double, repeating interval: Double? = nil, _ body: @escaping () -> Void) -> TimerID {
        schedule(at: Clocks.monotonic().advanced(bySeconds: seconds), repeating: interval, body)
    }

    /// Runs `body` at `due` (at once if it has passed), and again every `interval` seconds when given.
    @discardableResult
    public func schedule(at due: MonotonicInstant, repeating interval: Double? = nil, _ body: @escaping () -> Void) -> TimerID {
        let id = nextTimerID
        nextTimerID += 1
        timers[id] = Timer(due: due, interval: interval, body: body)
        return id
    }

    public func cancel(_ timer: TimerID) { timers.removeValue(forKey: timer) }

    /// Returns from `run()` after the current iteration.
    public func stop() { running = false }

    /// Dispatches readiness and timers until `stop()`.
    public func run() throws {
        running = true
        while running {
            if pollSetDirty { rebuildPollSet() }
            // After a signal the wait starts again, up to the next timer as it is then.
            let n = restartingEINTR { poll(&pollSet, nfds_t(pollSet.count), millisecondsToNextTimer()) }
            if n < 0 { throw SystemError("poll", errno: errno) }
            if n > 0 { dispatchReady() }
            fireDueTimers()
        }
    }

    private func rebuildPollSet() {
        pollSet.removeAll(keepingCapacity: true)
        for (fd, w) in watches {
            pollSet.append(pollfd(fd: fd, events: w.interest.rawValue, revents: 0))
        }
        pollSetDirty = false
    }

    private func dispatchReady() {
        // By index, without copying: the poll set is only rebuilt at the top of `run`.
        for i in pollSet.indices where pollSet[i].revents != 0 {
            let entry = pollSet[i]
            // A handler earlier in this round may have unwatched (and closed) this descriptor.
            guard let w = watches[entry.fd] else { continue }
            let r = Int32(entry.revents)
            w.handler(Readiness(readable: r & Int32(POLLIN) != 0,
                                writable: r & Int32(POLLOUT) != 0,
                                hangup: r & Int32(POLLHUP | POLLERR | POLLNVAL) != 0))
        }
    }

    /// The earliest timer's due instant, found without allocating (this runs at every wake-up).
    private var nextDue: MonotonicInstant? {
        var earliest: MonotonicInstant?
        for timer in timers.values where earliest.map({ timer.due < $0 }) ?? true { earliest = timer.due }
        return earliest
    }

    private func millisecondsToNextTimer() -> Int32 {
        guard let due = nextDue else { return -1 }
        let ms = (due.nanoseconds - Clocks.monotonic().nanoseconds + 999_999) / 1_000_000
        return Int32(max(0, min(ms, 60_000)))
    }

    private func fireDueTimers() {
        let now = Clocks.monotonic()
        guard let earliest = nextDue, earliest <= now else { return }
        let due = timers.filter { $0.value.due <= now }.sorted { $0.value.due < $1.value.due }
        for (id, timer) in due {
            guard timers[id] != nil else { continue }
            if let interval = timer.interval {
                // Next due from the previous due time, so a 1 s tick does not drift.
                var next = timer.due.advanced(bySeconds: interval)
                if next <= now { next = now.advanced(bySeconds: interval) }
                timers[id]?.due = next
            } else {
                timers.removeValue(forKey: id)
            }
            timer.body()
        }
    }
}
