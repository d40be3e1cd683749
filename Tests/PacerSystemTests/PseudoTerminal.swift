import Foundation
import Glibc

/// A real pty pair standing in for a GPS on a serial line: the test writes NMEA into
/// `master`, the source under test opens `slavePath` (or a symlink to it, like /dev/pacer-gps).
final class PseudoTerminal: @unchecked Sendable {
    private(set) var master: Int32
    private var slave: Int32
    let slavePath: String

    init() throws {
        var m: Int32 = -1, s: Int32 = -1
        // Raw from the start, so nothing is echoed or translated before the source sets its own mode.
        var tio = termios()
        cfmakeraw(&tio)
        cfsetispeed(&tio, speed_t(B9600))
        cfsetospeed(&tio, speed_t(B9600))
        guard openpty(&m, &s, nil, &tio, nil) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        master = m
        slave = s
        slavePath = String(cString: ttyname(s))
    }

    deinit { close() }

    /// Hangs up: the reader's next read fails with EIO, and the pts node disappears.
    func close() {
        if slave >= 0 { Glibc.close(slave); slave = -1 }
        if master >= 0 { Glibc.close(master); master = -1 }
    }

    /// The input speed the reader has set on the slave side (the pty shares one termios).
    var slaveInputRate: Int? {
        var tio = termios()
        guard tcgetattr(master, &tio) == 0 else { return nil }
        switch cfgetispeed(&tio) {
        case speed_t(B4800): return 4800
        case speed_t(B9600): return 9600
        case speed_t(B19200): return 19200
        case speed_t(B38400): return 38400
        case speed_t(B57600): return 57600
        case speed_t(B115200): return 115_200
        case speed_t(B230400): return 230_400
        default: return nil
        }
    }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 { if errno == EINTR || errno == EAGAIN { usleep(1000); continue }; return }
            offset += n
        }
    }

    /// Points `link` at this pty's slave, replacing any previous target atomically (a udev symlink).
    func link(at link: String) throws {
        let temporary = link + ".new"
        unlink(temporary)
        guard symlink(slavePath, temporary) == 0, rename(temporary, link) == 0 else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
    }
}
