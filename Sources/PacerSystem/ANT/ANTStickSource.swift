#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// What an `ANTStickSource` reports to its handler, with the instant it happened.
public enum ANTStickEvent: Equatable, Sendable {
    /// The stick's tty is open (the receiver resets it next).
    case opened(path: String)
    /// The tty could not be opened or went away; another attempt follows in `retrySeconds`.
    case lost(reason: String, retrySeconds: Double)
    /// A decision of the receiver: a reading, a sensor's status, a stick's failure.
    case receiver(ANTReceiverOutput)
}

/// An ANT USB stick on a tty served by an `EventLoop` (the tty is one more descriptor in the
/// loop's poll set, as a serial GPS is): raw mode at 115200 baud, frames cut by `ANTFramer`,
/// every decision `ANTReceiver`'s; this class only reads, writes and reopens. `setting` is a
/// path or `auto` (the first tty with an ANT stick's USB ids under `sysfsRoot`). An unplugged
/// stick is reopened with `ReconnectBackoff`; the receiver keeps its pairings meanwhile.
public final class ANTStickSource {
    public static let baudRate = 115_200
    public let setting: String
    public let sysfsRoot: String
    /// Capped at 1 s: an open of a missing tty costs nothing, and a replugged stick is back at once.
    public var backoff = ReconnectBackoff(initialSeconds: 0.25, maximumSeconds: 1)
    public private(set) var receiver: ANTReceiver
    public private(set) var framerCounters = ANTFrameCounters()

    private var loop: EventLoop?
    private var handler: (ANTStickEvent, MonotonicInstant) -> Void = { _, _ in }
    private var port: SerialPort?
    private var framer = ANTFramer()
    private var openFailures = 0
    private var reopenAt: MonotonicInstant?
    private var timer: EventLoop.TimerID?
    private var timerDue: MonotonicInstant?
    private var buffer = [UInt8](repeating: 0, count: 1024)

    public init(setting: String, requests: [ANTReceiver.Request], sysfsRoot: String = "/sys") {
        self.setting = setting
        self.sysfsRoot = sysfsRoot
        receiver = ANTReceiver(requests: requests)
    }

    /// The tty in use, or the one `setting` names now.
    public var path: String? { port?.path ?? resolvePath() }

    /// Starts on `loop`'s thread: opens the stick now, then is served by the loop.
    public func attach(to loop: EventLoop, handler: @escaping (ANTStickEvent, MonotonicInstant) -> Void) {
        self.loop = loop
        self.handler = handler
        open(at: Clocks.monotonic())
        rearm()
    }

    /// Leaves the loop and closes the tty.
    public func stop() {
        closePort()
        if let timer, let loop { loop.cancel(timer) }
        timer = nil
        loop = nil
    }

    private func resolvePath() -> String? {
        guard setting == "auto" else { return setting }
        return ANTStickFinder.find(sysfsRoot: sysfsRoot).map { "/dev/" + $0 }
    }

    private func open(at now: MonotonicInstant) {
        reopenAt = nil
        do {
            guard let path = resolvePath() else {
                throw ANTStickMissing("no ANT stick (USB 0fcf:1008 or 0fcf:1009) under \(sysfsRoot)/class/tty")
            }
            let p = try SerialPort(path: path, baudRate: Self.baudRate)
            try p.flushInput()
            port = p
            framer = ANTFramer()
            loop?.watch(p.descriptor, .read) { [unowned self] ready in
                readAvailable(hangup: ready.hangup && !ready.readable)
                rearm()
            }
            openFailures = 0
            handler(.opened(path: path), now)
            perform(receiver.start(at: now), at: now)
        } catch {
            lose("\(error)", at: now)
        }
    }

    private func readAvailable(hangup: Bool) {
        guard let port else { return }
        let now = Clocks.monotonic()
        if hangup { return lose("the stick hung up", at: now) }
        // Bounded so that a flood cannot starve the loop's other work.
        for _ in 0..<16 {
            let result: SerialPort.ReadResult
            do {
                result = try buffer.withUnsafeMutableBytes { try port.read(into: $0) }
            } catch {
                return lose("\(error)", at: now)
            }
            switch result {
            case .bytes(let n):
                var frames: [ANTFrame] = []
                framer.feed(buffer[0..<n]) { frames.append($0) }
                for f in frames where self.port != nil { perform(receiver.receive(f, at: now), at: now) }
                if n < buffer.count { return }
            case .wouldBlock:
                return
            case .endOfFile:
                return lose("end of file (the stick hung up)", at: now)
            }
        }
    }

    /// Writes what the receiver sends and hands the rest to the handler.
    private func perform(_ outputs: [ANTReceiverOutput], at now: MonotonicInstant) {
        for output in outputs {
            if case .send(let message) = output {
                guard let port else { continue }
                do { try port.write(message.bytesToWrite) } catch { return lose("\(error)", at: now) }
            } else {
                handler(.receiver(output), now)
            }
        }
    }

    private func lose(_ reason: String, at now: MonotonicInstant) {
        let wasOpen = port != nil
        closePort()
        if wasOpen { perform(receiver.stickLost(), at: now) }
        let wait = backoff.delay(afterFailures: openFailures)
        openFailures += 1
        reopenAt = now.advanced(bySeconds: wait)
        handler(.lost(reason: reason, retrySeconds: wait), now)
    }

    private func closePort() {
        guard let p = port else { return }
        loop?.unwatch(p.descriptor)
        framer.finish()
        framerCounters.add(framer.counters)
        framer = ANTFramer()
        port = nil
    }

    /// One timer for the next deadline: the receiver's (an answer, a silence), or the reopen.
    private func rearm() {
        guard let loop else { return }
        let due = [receiver.nextDeadline, reopenAt].compactMap { $0 }.min()
        guard due != timerDue else { return }
        if let timer { loop.cancel(timer) }
        timerDue = due
        timer = due.map { at in
            loop.schedule(at: at) { [unowned self] in
                timer = nil
                timerDue = nil
                let now = Clocks.monotonic()
                if let r = reopenAt, r <= now { open(at: now) }
                if port != nil { perform(receiver.tick(at: now), at: now) }
                rearm()
            }
        }
    }
}

/// No tty to open: `auto` found no stick.
struct ANTStickMissing: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
