import PacerCore
@testable import PacerSystem

/// Runs a `GPSSource` the way pacerd does, attached to an `EventLoop`, with the loop on a thread
/// of its own so that a test can write to the device and wait for events meanwhile.
final class LoopDrivenSource: Sendable {
    private let stopRequested = StopFlag()
    private let thread: SystemThread

    init(_ source: GPSSource, recorder: EventRecorder) throws {
        let flag = stopRequested
        thread = try SystemThread(name: "test-loop") {
            let loop = EventLoop()
            source.attach(to: loop) { recorder.record($0) }
            // The loop is single-threaded: the stop request is picked up on its own thread.
            loop.schedule(after: 0.02, repeating: 0.02) {
                if flag.isSet { source.stop(); loop.stop() }
            }
            try? loop.run()
        }
    }

    func stop() {
        stopRequested.set()
        thread.join()
    }
}

