#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// A live GPS (serial NMEA, gpsd, or a paced recording) read on its own thread,
/// delivering `GPSEvent`s to one handler, in order, on that thread.
///
/// The daemon's event loop owns it: `start()`, then `stop()` (which joins the thread;
/// it may also be called from the handler, then it only asks the loop to end).
/// Decisions (backoff, fix lost) are `GPSLinkMonitor`'s; this class only does I/O.
public final class GPSSource: @unchecked Sendable {
    public typealias Handler = @Sendable (GPSEvent) -> Void

    public let spec: GPSSourceSpec
    public let options: GPSSourceOptions
    private let handler: Handler
    private let wakeup: WakeupPipe
    private let lock = SystemLock()
    // Guarded by `lock`.
    private var thread: SystemThread?
    private var started = false
    private var stopRequested = false
    private var published = GPSCounters()

    public init(spec: GPSSourceSpec, options: GPSSourceOptions = GPSSourceOptions(), handler: @escaping Handler) throws {
        self.spec = spec
        self.options = options
        self.handler = handler
        wakeup = try WakeupPipe()
    }

    deinit { stop() }

    /// Starts the reading thread (once).
    public func start() {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { return }
        started = true
        do {
            thread = try SystemThread(name: "pacer-gps") { [self] in run() }
        } catch {
            printError("pacer-gps: \(error)")
        }
    }

    /// Ends the loop and, unless called on the source's own thread, waits for it to exit.
    public func stop() {
        lock.lock()
        let wasRunning = started && !stopRequested
        stopRequested = true
        let running = thread
        let onOwnThread = running?.isCurrent ?? false
        lock.unlock()
        guard wasRunning else { return }
        wakeup.wake()
        if !onOwnThread { running?.join() }
    }

    /// The latest counters (updated by the loop at every turn).
    public var counters: GPSCounters {
        lock.lock()
        defer { lock.unlock() }
        return published
    }

    private var shouldStop: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopRequested
    }

    private func run() {
        var monitor = GPSLinkMonitor(fixTimeout: options.fixTimeout, backoff: options.backoff)
        var connection: GPSConnection?
        var announced = false
        var lockedRate: Int?
        var totals = GPSCounters()
        var lastSentCounters = GPSCounters()
        var nextCountersAt = Clocks.monotonic().advanced(bySeconds: options.countersInterval)
        var fds: [pollfd] = []

        func deliver(_ events: [GPSEvent]) {
            for event in events {
                if case .fix = event { totals.fixes += 1 }
                handler(event)
            }
        }
        func snapshot() -> GPSCounters {
            var c = totals
            if let connection { c.add(connection.counters) }
            return c
        }
        func sendCounters() {
            let c = snapshot()
            guard c != lastSentCounters else { return }
            lastSentCounters = c
            handler(.counters(c))
        }

        while !shouldStop {
            var now = Clocks.monotonic()
            if connection == nil, monitor.shouldRetry(at: now) {
                do {
                    connection = try open(now: now, preferredRate: lockedRate)
                    announced = false
                } catch {
                    totals.failedOpens += 1
                    deliver(monitor.deviceFailed(reason: "\(error)", at: now))
                    // A recording that cannot be opened will not appear by waiting.
                    if case .file = spec {
                        publish(totals)
                        handler(.endOfStream)
                        break
                    }
                }
            }
            if let c = connection, !announced, let info = c.readyInfo {
                announced = true
                lockedRate = info.baudRate ?? lockedRate
                deliver(monitor.deviceOpened(info, at: now))
            }

            var deadline: MonotonicInstant? = connection == nil || announced ? monitor.nextDeadline : nil
            if let w = connection?.wakeup { deadline = min(deadline ?? w, w) }
            deadline = min(deadline ?? nextCountersAt, nextCountersAt)
            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0))
            if let fd = connection?.pollDescriptor, fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            do {
                try Poller.wait(&fds, until: deadline)
            } catch {
                printError("pacer-gps: \(error)")
                break
            }
            if fds[0].revents != 0 { wakeup.drain(); continue }

            now = Clocks.monotonic()
            if let c = connection {
                let revents = fds.count > 1 ? fds[1].revents : 0
                if revents != 0 || (c.wakeup.map { $0 <= now } ?? false) {
                    do {
                        try c.service(revents: revents, now: now) { fix in deliver(monitor.fixReceived(fix, at: now)) }
                    } catch {
                        totals.add(c.counters)
                        connection = nil
                        totals.deviceLosses += 1
                        deliver(monitor.deviceFailed(reason: "\(error)", at: now))
                        sendCounters()
                    }
                }
                if let c = connection, c.isFinished {
                    totals.add(c.counters)
                    connection = nil
                    publish(totals)
                    sendCounters()
                    handler(.endOfStream)
                    break
                }
            }
            deliver(monitor.tick(at: now))
            if now >= nextCountersAt {
                sendCounters()
                nextCountersAt = now.advanced(bySeconds: options.countersInterval)
            }
            publish(snapshot())
        }
    }

    private func publish(_ counters: GPSCounters) {
        lock.lock()
        published = counters
        lock.unlock()
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
