import Foundation
import Glibc

/// A real gpsd (`gpsd -N -n`) reading a pty the test writes NMEA into, listening on a
/// free loopback port. Killed by `stop()` (tests call it in tearDown), SysV shm removed.
final class GPSDProcess {
    let port: Int
    let devicePath: String
    private let controlSocket: String
    private var process: Process?

    init(devicePath: String, port: Int, directory: String) {
        self.devicePath = devicePath
        self.port = port
        controlSocket = directory + "/gpsd.sock"
    }

    /// A TCP port nobody listens on now (bound to 0, read back, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p -> Int32 in
                guard bind(fd, p, length) == 0 else { return -1 }
                return getsockname(fd, p, &length)
            }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func start() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/sbin/gpsd")
        p.arguments = ["-N", "-n", "-b", "-S", String(port), "-F", controlSocket, devicePath]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
        // Up when its port accepts connections.
        for _ in 0..<100 where !accepting() { usleep(20_000) }
    }

    func stop() {
        guard let p = process else { return }
        process = nil
        if p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        unlink(controlSocket)
        // gpsd's shared-memory export ("GPSD" key) outlives a killed gpsd.
        let cleaner = Process()
        cleaner.executableURL = URL(fileURLWithPath: "/usr/bin/ipcrm")
        cleaner.arguments = ["-M", "0x47505344"]
        cleaner.standardOutput = FileHandle.nullDevice
        cleaner.standardError = FileHandle.nullDevice
        try? cleaner.run()
        cleaner.waitUntilExit()
    }

    private func accepting() -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    deinit { stop() }
}
