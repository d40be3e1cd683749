#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// A live GPS (serial NMEA, gpsd, or a paced recording) delivering `GPSEvent`s to one handler, in order.
///
/// It runs either on an `EventLoop` (`attach(to:)`: pacerd, where the device is one more descriptor in
/// the daemon's poll set, so an epoch costs no thread hop) or on its own thread (`start()`: tools and
/// tests that have no loop). Either way the work is the same `turn`; decisions (backoff, fix lost) are
/// `GPSLinkMonitor`'s, and this class only does I/O.
public final class GPSSource: @unchecked Sendable {
    public let spec: GPSSourceSpec
    public let options: GPSSourceOptions
    /// Set by `attach` or `start`; called only on the driving thread.
    private var handler: (GPSEvent) -> Void = { _ in }

    // Touched only by the driving thread (the loop's, or the source's own).
    private var monitor: GPSLinkMonitor
    private var connection: GPSConnection?
    private var announced = false
    private var lockedRate: Int?
    private var totals = GPSCounters()
    private var lastSentCounters = GPSCounters()
    private var nextCountersAt: MonotonicInstant
    private var finished = false
    private var loopBinding: LoopBinding?

    // Shared with other threads, guarded by `lock`.
    private let lock = SystemLock()
    private var thread: SystemThread?
    private var wakeup: WakeupPipe?
    private var started = false
    private var stopRequested = false
    private var published = GPSCounters()

    public init(spec: GPSSourceSpec, options: GPSSourceOptions = GPSSourceOptions()) {
        self.spec = spec
        self.options = options
        monitor = GPSLinkMonitor(fixTimeout: options.fixTimeout, backoff: options.backoff)
        nextCountersAt = Clocks.monotonic().advanced(bySeconds: options.countersInterval)
    }

    deinit { stop() }

    /// Runs the source on `loop`'s thread: opens the device now, then is served by the loop.
    public func attach(to loop: EventLoop, handler: @escaping (GPSEvent) -> Void) {
        guard claimStart() else { return }
        self.handler = handler
        loopBinding = LoopBinding(loop: loop)
        turn(revents: 0)
    }

    /// Runs the source on a thread of its own (once); `handler` is called on that thread.
    public func start(handler: @escaping @Sendable (GPSEvent) -> Void) {
        guard claimStart() else { return }
        self.handler = handler
        do {
            let pipe = try WakeupPipe()
            lock.withLock { wakeup = pipe }
            let t = try SystemThread(name: "pacer-gps") { [self] in runThread(wakeup: pipe) }
            lock.withLock { thread = t }
        } catch {
            printError("pacer-gps: \(error)")
        }
    }

    /// Ends the source. On a loop it leaves the loop at once (call it on the loop's thread); on its own
    /// thread it asks the thread to end and, unless called from the handler, waits for it.
    public func stop() {
        let (wasRunning, running, pipe) = lock.withLock { () -> (Bool, SystemThread?, WakeupPipe?) in
            defer { stopRequested = true }
            return (started && !stopRequested, thread, wakeup)
        }
        guard wasRunning else { return }
        if loopBinding != nil {
            detachFromLoop()
            connection = nil
            return
        }
        pipe?.wake()
        if let running, !running.isCurrent { running.join() }
    }

    /// The latest counters (updated at every turn).
    public var counters: GPSCounters { lock.withLock { published } }

    private func claimStart() -> Bool {
        lock.withLock {
            guard !started else { return false }
            started = true
            return true
        }
    }

    private var shouldStop: Bool { lock.withLock { stopRequested } }

    // MARK: one turn of work, shared by both drivers

    /// Serves the connection (input, or its own timer), reports a silent receiver, sends counters,
    /// and (re)opens the device when the backoff allows.
    private func turn(revents: Int16) {
        var now = Clocks.monotonic()
        if let c = connection, revents != 0 || (c.wakeup.map { $0 <= now } ?? false) {
            do {
                try c.service(revents: revents, now: now) { fix in deliver(monitor.fixReceived(fix, at: now)) }
            } catch {
                dropConnection()
                totals[.deviceLosses] += 1
                deliver(monitor.deviceFailed(reason: "\(error)", at: now))
                sendCounters()
            }
            if let c = connection, c.isFinished {
                dropConnection()
                endOfStream()
                return
            }
        }
        deliver(monitor.tick(at: now))
        if now >= nextCountersAt {
            sendCounters()
            nextCountersAt = now.advanced(bySeconds: options.countersInterval)
        }
        if connection == nil, monitor.shouldRetry(at: now) {
            do {
                connection = try open(now: now, preferredRate: lockedRate)
                announced = false
            } catch {
                totals[.failedOpens] += 1
                // A recording that cannot be opened will not appear by waiting: no retry.
                if case .file = spec {
                    deliver(.deviceLost(reason: "\(error)", retryInSeconds: 0))
                    endOfStream()
                    return
                }
                deliver(monitor.deviceFailed(reason: "\(error)", at: now))
            }
            now = Clocks.monotonic()
        }
        if let c = connection, !announced, let info = c.readyInfo {
            announced = true
            lockedRate = info.baudRate ?? lockedRate
            deliver(monitor.deviceOpened(info, at: now))
        }
        publish(snapshot())
        rearmLoop()
    }

    /// The descriptor to wait on (-1: none) and the instant to come back without input.
    private var interest: (descriptor: Int32, deadline: MonotonicInstant?) {
        var deadline: MonotonicInstant? = connection == nil || announced ? monitor.nextDeadline : nil
        if let w = connection?.wakeup { deadline = min(deadline ?? w, w) }
        deadline = min(deadline ?? nextCountersAt, nextCountersAt)
        return (connection?.pollDescriptor ?? -1, deadline)
    }

    private func deliver(_ event: GPSEvent?) {
        guard let event else { return }
        if case .fix = event { totals[.fixes] += 1 }
        handler(event)
    }

    private func snapshot() -> GPSCounters {
        var c = totals
        if let connection { c.add(connection.counters) }
        return c
    }

    private func sendCounters() {
        let c = snapshot()
        guard c != lastSentCounters else { return }
        lastSentCounters = c
        handler(.counters(c))
    }

    /// Forgets the connection (closing its descriptor) after taking its counters; the loop stops
    /// watching the descriptor first, so a number the kernel reuses is never mistaken for it.
    private func dropConnection() {
        guard let c = connection else { return }
        if let binding = loopBinding, binding.descriptor >= 0 {
            binding.loop.unwatch(binding.descriptor)
            binding.descriptor = -1
        }
        totals.add(c.counters)
        connection = nil
    }

    private func endOfStream() {
        finished = true
        publish(totals)
        sendCounters()
        handler(.endOfStream)
        detachFromLoop()
    }

    private func publish(_ counters: GPSCounters) {
        lock.withLock { published = counters }
    }

    // MARK: drivers

    private func runThread(wakeup: WakeupPipe) {
        turn(revents: 0)
        var fds: [pollfd] = []
        while !finished, !shouldStop {
            let (descriptor, deadline) = interest
            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0))
            if descriptor >= 0 { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            do {
                try Poller.wait(&fds, until: deadline)
            } catch {
                printError("pacer-gps: \(error)")
                break
            }
            if fds[0].revents != 0 { wakeup.drain(); continue }
            turn(revents: fds.count > 1 ? fds[1].revents : 0)
        }
    }

    /// What the source has registered with its loop, updated after every turn.
    private final class LoopBinding {
        let loop: EventLoop
        var descriptor: Int32 = -1
        var timer: EventLoop.TimerID?
        var timerDue: MonotonicInstant?
        init(loop: EventLoop) { self.loop = loop }
    }

    /// Watches the connection's descriptor and sets one timer for the next deadline.
    private func rearmLoop() {
        guard let binding = loopBinding, !finished else { return }
        let (descriptor, deadline) = interest
        if descriptor != binding.descriptor {
            if binding.descriptor >= 0 { binding.loop.unwatch(binding.descriptor) }
            if descriptor >= 0 {
                binding.loop.watch(descriptor, .read) { [unowned self] ready in
                    var revents = ready.readable ? Int16(POLLIN) : 0
                    if ready.hangup { revents |= Int16(POLLHUP) }
                    turn(revents: revents)
                }
            }
            binding.descriptor = descriptor
        }
        if deadline != binding.timerDue {
            if let timer = binding.timer { binding.loop.cancel(timer) }
            binding.timerDue = deadline
            binding.timer = deadline.map { due in
                binding.loop.schedule(at: due) { [unowned self] in
                    loopBinding?.timer = nil
                    loopBinding?.timerDue = nil
                    turn(revents: 0)
                }
            }
        }
    }

    private func detachFromLoop() {
        guard let binding = loopBinding else { return }
        if binding.descriptor >= 0 { binding.loop.unwatch(binding.descriptor) }
        if let timer = binding.timer { binding.loop.cancel(timer) }
        loopBinding = nil
    }

    private func open(now: MonotonicInstant, preferredRate: Int?) throws -> GPSConnection {
        switch spec {
        case let .serial(path, baudRate):
            do {
                return try SerialGPSConnection(path: path, baudRate: baudRate, preferredRate: preferredRate,
                                               autobaudTemplate: options.autobaud, now: now)
            } catch let error as SystemError {
                throw GPSDeviceLost("\(path): \(error)")
            }
        case let .gpsd(host, port):
            return try GPSDConnection(host: host, port: port)
        case let .file(path, speedup):
            do {
                return try RecordingGPSConnection(path: path, speedup: speedup)
            } catch let error as SystemError {
                throw GPSDeviceLost("\(path): \(error)")
            }
        }
    }
}
