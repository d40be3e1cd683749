import Foundation
import Glibc
import PacerCore
import PacerSystem

/// The real pacerd reading its GPS from a pty the test writes NMEA into (in `DIR/daemon`, so a
/// replay's journal can sit beside it), with a connected client: what the pty tests share
/// (courses, workouts, ANT+ replay). Stopped and closed when let go of.
final class PTYDaemon {
    let pty: RawPTY
    let daemon: DaemonProcess
    let client: UnixSocketConnection

    init(config: String, in dir: URL) throws {
        pty = try RawPTY()
        let sub = dir.appendingPathComponent("daemon")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        daemon = try DaemonProcess(config: config, extraArguments: ["--gps", "serial:\(pty.path)@115200"], directory: sub)
        client = try daemon.connect()
    }

    deinit {
        if daemon.process.isRunning { daemon.stop() }
        close(pty.master)
        close(pty.slave)
    }

    /// NMEA to the receiver's side of the pty.
    func write(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(pty.master, $0.baseAddress, $0.count - 1) }
    }

    /// A control request and its ACK or ERROR.
    func control(_ request: ClientRequest) throws -> JSONValue {
        try client.request(request)
        return try client.expect(["ACK", "ERROR"])
    }
}
