#if canImport(Glibc)
import Glibc
#endif

/// A `ChildProcess` watched from an `EventLoop`, so that the loop never waits on it: its output
/// is read as it comes (kept up to a limit, or dropped), and the end of that output, which comes
/// when the child exits, starts its reaping; `onExit` then runs on the loop with its status. The
/// loop holds it until then, so an owner may keep it only to know that it runs.
public final class WatchedChildProcess {
    /// How the child ended.
    public struct Exit {
        /// Its exit status, or 128 + the signal that ended it.
        public let status: Int32
        /// What it printed, when its output was kept (`keepingOutputUpTo`); otherwise empty.
        public let output: [UInt8]
        /// Why it was killed (its output could not be read, or overflowed the limit); nil when it
        /// ended by itself or by `kill()`.
        public let failure: String?
    }

    private let child: ChildProcess
    private let loop: EventLoop
    /// The program's file name, for the `failure` messages.
    private let name: String
    private let outputLimit: Int?
    private var output: [UInt8] = []
    private var failure: String?
    /// Reaps the child once its output closes (or it is killed), and reports its exit.
    private lazy var exitPoller = ExitPoller(loop: loop, poll: { try self.child.pollExit() }, done: { self.report($0) })
    private var onExit: ((Exit) -> Void)?

    /// Starts `arguments` (the program's path or name first, found on PATH) and watches it on
    /// `loop`. With `keepingOutputUpTo`, what it prints is kept for `onExit`, and a child that
    /// prints more is killed; without, it is read and dropped.
    public init(arguments: [String], loop: EventLoop, keepingOutputUpTo outputLimit: Int? = nil,
                onExit: @escaping (Exit) -> Void) throws {
        child = try ChildProcess(arguments: arguments)
        self.loop = loop
        name = arguments[0].split(separator: "/").last.map(String.init) ?? arguments[0]
        self.outputLimit = outputLimit
        self.onExit = onExit
        // The handler holds the child until it is reaped, whoever else lets go of it.
        loop.watchOutput(child.outputDescriptor) { self.readOutput() }
    }

    /// Whether its exit has not been reported yet.
    public var isRunning: Bool { onExit != nil }

    /// Ends the child with SIGKILL; its exit is reported as usual.
    public func kill() {
        guard isRunning else { return }
        _ = Glibc.kill(child.pid, SIGKILL)
    }

    /// Waits for the child to end and reports its exit now (at shutdown, when the loop no longer
    /// runs): whatever it still prints is not read.
    public func waitForExit() {
        guard isRunning else { return }
        loop.unwatch(child.outputDescriptor)
        exitPoller.finish((try? child.waitForExit()) ?? -1)
    }

    private func readOutput() {
        let chunk: [UInt8]?
        do { chunk = try child.read() } catch {
            return stop(failure: "reading \(name): \(error)")
        }
        guard let chunk else { return stop(failure: nil) }
        guard let outputLimit else { return }
        output += chunk
        if output.count > outputLimit { stop(failure: "\(name) printed more than \(outputLimit) bytes") }
    }

    /// Stops reading: the child closed its output (it is exiting), or is killed for `failure`.
    private func stop(failure: String?) {
        loop.unwatch(child.outputDescriptor)
        self.failure = failure
        if failure != nil { _ = Glibc.kill(child.pid, SIGKILL) }
        exitPoller.start()
    }

    private func report(_ status: Int32) {
        guard let onExit else { return }
        self.onExit = nil
        onExit(Exit(status: status, output: output, failure: failure))
    }
}
