#if canImport(Glibc)
import Glibc
#endif
import CLinux
import PacerCore

/// A single-threaded epoll(7) loop: file descriptors with read/write interest, and timers on the
/// monotonic clock. Everything pacerd decides runs on it, so the daemon's state needs no lock; the
/// BlueZ client and the BLE broadcaster run D-Bus on threads of their own and trade values with
/// the loop only through `LoopInbox` (events in) and the peripheral's locked queue (values out).
///
/// epoll rather than poll(2): a set keeps its registrations between waits, and the clients can
/// live in a second set that a wait leaves out (`deferredDescriptor`). What costs pacerd CPU is
/// how often it wakes, not how it waits: poll's per-descriptor bookkeeping was not measurable
/// against the cost of the wake-up itself (`bench/daemon_bench.py` prints both daemons' wake-ups).
public final class EventLoop {
    public struct Interest: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let read = Interest(rawValue: Int32(PACER_READABLE))
        public static let write = Interest(rawValue: Int32(PACER_WRITABLE))
    }

    /// What epoll reported for a descriptor. `hangup` covers EPOLLHUP/EPOLLERR.
    public struct Readiness: Sendable {
        public let readable: Bool
        public let writable: Bool
        public let hangup: Bool
    }

    public typealias TimerID = Int

    private struct Watch {
        var interest: Interest
        var deferrable: Bool
        /// Read only on the deferred set's full reads (`coalesce`).
        var coalesced = false
        var handler: (Readiness) -> Void
    }

    private struct Timer {
        var due: MonotonicInstant
        var interval: Double?
        /// How late the timer may run: it rides on any wake-up between `due` and `due + slack`
        /// and wakes the loop itself only at the end of that window (as timer slack does in the
        /// kernel), so a 1 s housekeeping tick costs no wake-up of its own while epochs arrive.
        var slack: Double
        var body: () -> Void
        var latest: MonotonicInstant { due.advanced(bySeconds: slack) }
    }

    private let epollDescriptor: Int32
    /// The deferrable watches (client connections). While other descriptors wake the loop at
    /// least every `deferralWindow` seconds (a receiver streaming at 4 Hz or more), this set is
    /// read on those wake-ups instead of waking the loop itself, within `deferralWindow` at the
    /// latest: a frontend polling the daemon does not double its wake-ups, and on a board most of
    /// a wake-up's cost is the wake-up itself, not the work. A watch marked `coalesce` (a client
    /// polling faster than the window) is read only on the first of those wake-ups half a window
    /// after the set's last full read: at 10 Hz, a frontend polling ten times a second has two
    /// requests read at once and both replies sent in one call (`SocketServer.release`), where
    /// a send costs about the same whatever it carries. The others, a watcher's first request
    /// among them, are read on the next wake-up. Otherwise the set is part of the main one and
    /// wakes the loop at once.
    private let deferredDescriptor: Int32
    private var deferredSetIsWatched = false
    private var lastPromptReadiness: MonotonicInstant?
    /// The last read of every ready deferrable watch, coalesced ones included.
    private var lastDeferredCheck = Clocks.monotonic()
    /// The longest a deferrable descriptor's readiness waits; 0 never defers.
    public var deferralWindow: Double = 0
    /// Returns from epoll_wait so far (the tests tell wake-ups apart by it).
    private(set) var wakeUps = 0
    /// Runs once at the end of every wake-up, after every handler and timer of it: work that
    /// may block (the journal's fdatasync) but must not delay what the handlers sent.
    public var endOfWakeUp: (() -> Void)?
    private var watches: [Int32: Watch] = [:]
    private var timers: [TimerID: Timer] = [:]
    private var nextTimerID = 1
    private var running = false
    /// Filled by epoll_wait: up to 32 ready descriptors a round (more wait for the next round).
    private var readyDescriptors = [Int32](repeating: -1, count: 32)
    private var readyFlags = [Int32](repeating: 0, count: 32)

    public init() {
        // Only fails without memory or descriptors, before the daemon has anything to lose.
        epollDescriptor = pacer_epoll_create()
        deferredDescriptor = pacer_epoll_create()
        precondition(epollDescriptor >= 0 && deferredDescriptor >= 0, "epoll_create1: errno \(errno)")
        watchDeferredSet(true)
    }

    deinit {
        close(deferredDescriptor)
        close(epollDescriptor)
    }

    /// Calls `handler` whenever `fd` is ready for `interest`. Replaces an earlier watch on `fd`.
    /// A `deferrable` watch may be told up to `deferralWindow` late (see `deferredDescriptor`).
    /// Watches a child's output pipe, made non-blocking first: a child that wrote part of a
    /// line never blocks the loop. The handler reads what is there.
    public func watchOutput(_ fd: Int32, handler: @escaping () -> Void) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        watch(fd, .read) { _ in handler() }
    }

    public func watch(_ fd: Int32, _ interest: Interest, deferrable: Bool = false, handler: @escaping (Readiness) -> Void) {
        if let old = watches[fd], old.deferrable != deferrable { _ = pacer_epoll_unwatch(set(old.deferrable), fd) }
        watches[fd] = Watch(interest: interest, deferrable: deferrable, handler: handler)
        register(fd, interest, in: set(deferrable))
    }

    public func setInterest(_ fd: Int32, _ interest: Interest) {
        guard let watch = watches[fd], watch.interest != interest else { return }
        watches[fd]?.interest = interest
        register(fd, interest, in: set(watch.deferrable))
    }

    /// Stops watching `fd` (call before closing it).
    public func unwatch(_ fd: Int32) {
        guard let watch = watches.removeValue(forKey: fd) else { return }
        _ = pacer_epoll_unwatch(set(watch.deferrable), fd)
    }

    /// Marks a deferrable watch as one whose readiness may wait for the deferred set's next full
    /// read (see `deferredDescriptor`), or as one read on every wake-up again.
    public func coalesce(_ fd: Int32, _ coalesced: Bool) {
        watches[fd]?.coalesced = coalesced
    }

    func isCoalesced(_ fd: Int32) -> Bool { watches[fd]?.coalesced ?? false }

    private func set(_ deferrable: Bool) -> Int32 { deferrable ? deferredDescriptor : epollDescriptor }

    /// A descriptor epoll refuses (a regular file, one already closed) is reported as hung up on
    /// the next round, as poll(2) reports POLLNVAL, so its owner sees it in the same place.
    private func register(_ fd: Int32, _ interest: Interest, in set: Int32) {
        if pacer_epoll_watch(set, fd, interest.rawValue) < 0 { refused.append(fd) }
    }

    private func watchDeferredSet(_ watched: Bool) {
        guard watched != deferredSetIsWatched else { return }
        deferredSetIsWatched = watched
        if watched {
            _ = pacer_epoll_watch(epollDescriptor, deferredDescriptor, Int32(PACER_READABLE))
        } else {
            _ = pacer_epoll_unwatch(epollDescriptor, deferredDescriptor)
        }
    }

    private var refused: [Int32] = []

    /// Runs `body` after `seconds`, and again every `interval` seconds when given; up to `slack`
    /// seconds late when that saves a wake-up.
    @discardableResult
    public func schedule(after seconds: Double, repeating interval: Double? = nil, slack: Double = 0,
                         _ body: @escaping () -> Void) -> TimerID {
        schedule(at: Clocks.monotonic().advanced(bySeconds: seconds), repeating: interval, slack: slack, body)
    }

    /// Runs `body` at `due` (at once if it has passed), and again every `interval` seconds when
    /// given; up to `slack` seconds late when that saves a wake-up.
    @discardableResult
    public func schedule(at due: MonotonicInstant, repeating interval: Double? = nil, slack: Double = 0,
                         _ body: @escaping () -> Void) -> TimerID {
        let id = nextTimerID
        nextTimerID += 1
        timers[id] = Timer(due: due, interval: interval, slack: max(0, slack), body: body)
        return id
    }

    public func cancel(_ timer: TimerID) { timers.removeValue(forKey: timer) }

    /// Returns from `run()` after the current iteration.
    public func stop() { running = false }

    /// Dispatches readiness and timers until `stop()`.
    public func run() throws {
        running = true
        while running {
            if !refused.isEmpty { reportRefused() }
            let deferring = deferralWindow > 0
                && lastPromptReadiness.map { Clocks.monotonic().seconds(since: $0) < deferralWindow } ?? false
            watchDeferredSet(!deferring)
            // After a signal the wait starts again, up to the next timer as it is then.
            let capacity = Int32(readyDescriptors.count)
            let timeout = millisecondsTo(deferring ? lastDeferredCheck.advanced(bySeconds: deferralWindow) : nil)
            let n = restartingEINTR { pacer_epoll_wait(epollDescriptor, &readyDescriptors, &readyFlags, capacity, timeout) }
            if n < 0 { throw SystemError("epoll_wait", errno: errno) }
            wakeUps &+= 1
            if n > 0 { dispatchReady(Int(n), prompt: true) }
            if deferring || n > 0 && readyDescriptors[0..<Int(n)].contains(deferredDescriptor) {
                try dispatchDeferred(all: !deferring || Clocks.monotonic().seconds(since: lastDeferredCheck) >= deferralWindow / 2)
            }
            fireDueTimers()
            endOfWakeUp?()
        }
    }

    /// Reads the ready deferrable watches; the coalesced ones only when `all` (they stay ready,
    /// epoll being level-triggered, for the next full read).
    private func dispatchDeferred(all: Bool) throws {
        if all { lastDeferredCheck = Clocks.monotonic() }
        let capacity = Int32(readyDescriptors.count)
        let n = restartingEINTR { pacer_epoll_wait(deferredDescriptor, &readyDescriptors, &readyFlags, capacity, 0) }
        if n < 0 { throw SystemError("epoll_wait", errno: errno) }
        if n > 0 { dispatchReady(Int(n), prompt: false, skippingCoalesced: !all) }
    }

    private func dispatchReady(_ count: Int, prompt: Bool, skippingCoalesced: Bool = false) {
        for i in 0..<count {
            let fd = readyDescriptors[i], r = readyFlags[i]
            // A handler earlier in this round may have unwatched (and closed) this descriptor.
            guard let w = watches[fd], !(skippingCoalesced && w.coalesced) else { continue }
            if prompt { lastPromptReadiness = Clocks.monotonic() }
            w.handler(Readiness(readable: r & Int32(PACER_READABLE) != 0,
                                writable: r & Int32(PACER_WRITABLE) != 0,
                                hangup: r & Int32(PACER_HANGUP) != 0))
        }
    }

    private func reportRefused() {
        let fds = refused
        refused.removeAll()
        for fd in fds {
            watches[fd]?.handler(Readiness(readable: false, writable: false, hangup: true))
        }
    }

    /// The earliest of the timers' `instant`s (due, or latest with slack), found without
    /// allocating: this runs at every wake-up.
    private func earliest(_ instant: (Timer) -> MonotonicInstant) -> MonotonicInstant? {
        var first: MonotonicInstant?
        for timer in timers.values {
            let t = instant(timer)
            if first.map({ t < $0 }) ?? true { first = t }
        }
        return first
    }

    /// epoll_wait's timeout: to the earliest timer's deadline or `deadline`, whichever is first.
    private func millisecondsTo(_ deadline: MonotonicInstant?) -> Int32 {
        var next = earliest(\.latest)
        if let deadline, next.map({ deadline < $0 }) ?? true { next = deadline }
        guard let due = next else { return -1 }
        let ms = (due.nanoseconds - Clocks.monotonic().nanoseconds + 999_999) / 1_000_000
        return Int32(max(0, min(ms, 60_000)))
    }

    private func fireDueTimers() {
        let now = Clocks.monotonic()
        guard let first = earliest(\.due), first <= now else { return }
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
