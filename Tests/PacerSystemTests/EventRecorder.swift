import Foundation
import PacerCore

/// Collects a GPSSource's events from its thread and lets the test wait for a condition.
final class EventRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var recorded: [GPSEvent] = []

    func record(_ event: GPSEvent) {
        condition.lock()
        recorded.append(event)
        condition.broadcast()
        condition.unlock()
    }

    var events: [GPSEvent] {
        condition.lock()
        defer { condition.unlock() }
        return recorded
    }

    var fixes: [GNSSFix] { EventRecorder.fixes(in: events) }

    /// The fixes among `events`; use this inside `wait` predicates (the lock is held there).
    static func fixes(in events: [GPSEvent]) -> [GNSSFix] {
        events.compactMap { if case .fix(let f) = $0 { return f } else { return nil } }
    }

    /// Waits until `predicate` holds for the events so far (it must not call back into the recorder); false after `timeout` seconds.
    @discardableResult
    func wait(timeout: Double = 20, until predicate: ([GPSEvent]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(recorded) {
            if !condition.wait(until: deadline) { return predicate(recorded) }
        }
        return true
    }
}
