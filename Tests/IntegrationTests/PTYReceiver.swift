import Foundation
import Glibc

/// A GPS receiver on a pty: a thread writes a 3 m/s run north at 5 Hz (RMC + GGA, 12 satellites,
/// HDOP 0.7) until stopped, and keeps every byte it sent. The master is non-blocking, so a
/// receiver that outlives its reader (between two pacerds) drops epochs as a serial line does
/// instead of blocking; a dropped epoch is not kept as sent.
final class PTYReceiver: @unchecked Sendable {
    private let pty: RawPTY
    private let lock = NSLock()
    private var sent: [UInt8] = []
    private var done = false
    private var thread: Thread?

    var path: String { pty.path }

    init() throws {
        pty = try RawPTY()
        _ = fcntl(pty.master, F_SETFL, fcntl(pty.master, F_GETFL) | O_NONBLOCK)
    }

    deinit { _ = stop() }

    func start() {
        let thread = Thread { [self] in
            var tenth = 0, metres = 0.0
            while !lock.withLock({ done }) {
                metres += 3 * 0.2
                let bytes = DaemonAlertTests.epoch(tenth: tenth, metres: metres, speedMps: 3)
                let n = bytes.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
                if n > 0 { lock.withLock { sent += bytes[..<n] } }
                tenth += 2
                usleep(200_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// Stops writing (once) and closes the pty; returns everything sent.
    func stop() -> [UInt8] {
        if thread != nil {
            lock.withLock { done = true }
            usleep(300_000)
            thread = nil
            close(pty.master)
            close(pty.slave)
        }
        return lock.withLock { sent }
    }
}
