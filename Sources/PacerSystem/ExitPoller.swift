/// Reaps a child that closed its output, on the event loop: a child exits a moment after it
/// closes its pipe, so its exit is polled every `interval` (never waited for, which would stall
/// the loop) until it has one; a status that cannot be read is -1. `done` is called once.
final class ExitPoller {
    static let interval = 0.05

    private let loop: EventLoop
    private let poll: () throws -> Int32?
    private var done: ((Int32) -> Void)?
    private var timer: EventLoop.TimerID?

    init(loop: EventLoop, poll: @escaping () throws -> Int32?, done: @escaping (Int32) -> Void) {
        self.loop = loop
        self.poll = poll
        self.done = done
    }

    /// Looks now, and again shortly while the child runs.
    func start() {
        timer = nil
        let status: Int32?
        do { status = try poll() } catch { status = -1 }
        guard let status else {
            timer = loop.schedule(after: Self.interval) { self.start() }
            return
        }
        finish(status)
    }

    /// Stops polling (the caller waited for the child itself) and reports `status`.
    func finish(_ status: Int32) {
        if let timer { loop.cancel(timer) }
        timer = nil
        guard let done else { return }
        self.done = nil
        done(status)
    }
}
