#if canImport(Glibc)
import Glibc
#endif

/// A tty (USB GPS, Pi UART, pty) opened non-blocking in raw mode: no echo, no line
/// editing, no CR/LF translation, 8N1, modem lines ignored (`CLOCAL`).
public final class SerialPort {
    public enum ReadResult: Equatable {
        case bytes(Int)
        case wouldBlock
        /// The other end hung up (0 bytes from read(2)).
        case endOfFile
    }

    public let path: String
    public let descriptor: Int32

    /// Opens `path` (following symlinks such as `/dev/pacer-gps`) and sets raw mode,
    /// at `baudRate` if given; wraps open, tcgetattr, cfmakeraw, cfsetispeed/ospeed, tcsetattr.
    public init(path: String, baudRate: Int? = nil) throws {
        self.path = path
        descriptor = try retryingEINTR("open") { open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
        do {
            var tio = try attributes()
            cfmakeraw(&tio)
            tio.c_cflag |= tcflag_t(CLOCAL | CREAD)
            withUnsafeMutableBytes(of: &tio.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            if let baudRate { try SerialPort.setSpeed(&tio, baudRate) }
            try setAttributes(tio)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// Changes the line speed (input and output) at once.
    public func setBaudRate(_ rate: Int) throws {
        var tio = try attributes()
        try SerialPort.setSpeed(&tio, rate)
        try setAttributes(tio)
    }

    /// The input speed the tty is set to, in bits per second (nil for an unusual code).
    public var baudRate: Int? {
        guard var tio = try? attributes() else { return nil }
        return SerialPort.rate(fromSpeed: cfgetispeed(&tio))
    }

    /// Drops bytes received but not read (after a speed change they are garbage); wraps tcflush.
    public func flushInput() throws {
        try retryingEINTR("tcflush") { tcflush(descriptor, TCIFLUSH) }
    }

    /// Reads what is available without blocking; EIO/ENODEV (unplugged) are thrown.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> ReadResult {
        let n = restartingEINTR { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
        if n > 0 { return .bytes(n) }
        if n == 0 { return .endOfFile }
        let e = errno
        if e == EAGAIN || e == EWOULDBLOCK { return .wouldBlock }
        throw SystemError("read", errno: e)
    }

    /// Writes `bytes` whole (short messages: an ANT command); wraps write(2). A full output
    /// queue (EAGAIN) on a non-blocking tty is thrown like any error: the device is not taking
    /// commands, which its driver treats as a lost device.
    public func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = try bytes.withUnsafeBytes { p in
                try retryingEINTR("write") { Glibc.write(descriptor, p.baseAddress! + offset, p.count - offset) }
            }
            offset += n
        }
    }

    private func attributes() throws -> termios {
        var tio = termios()
        try retryingEINTR("tcgetattr") { tcgetattr(descriptor, &tio) }
        return tio
    }

    private func setAttributes(_ tio: termios) throws {
        var tio = tio
        try retryingEINTR("tcsetattr") { tcsetattr(descriptor, TCSANOW, &tio) }
    }

    /// The termios speed code for a rate, or nil when termios has none.
    public static func speed(forRate rate: Int) -> speed_t? {
        switch rate {
        case 1200: return speed_t(B1200)
        case 2400: return speed_t(B2400)
        case 4800: return speed_t(B4800)
        case 9600: return speed_t(B9600)
        case 19200: return speed_t(B19200)
        case 38400: return speed_t(B38400)
        case 57600: return speed_t(B57600)
        case 115_200: return speed_t(B115200)
        case 230_400: return speed_t(B230400)
        case 460_800: return speed_t(B460800)
        case 921_600: return speed_t(B921600)
        default: return nil
        }
    }

    /// The rate in bits per second of a termios speed code.
    public static func rate(fromSpeed speed: speed_t) -> Int? {
        for rate in [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 921_600]
        where SerialPort.speed(forRate: rate) == speed { return rate }
        return nil
    }

    private static func setSpeed(_ tio: inout termios, _ rate: Int) throws {
        guard let code = speed(forRate: rate) else { throw SystemError("cfsetispeed", errno: EINVAL) }
        try retryingEINTR("cfsetispeed") { cfsetispeed(&tio, code) }
        try retryingEINTR("cfsetospeed") { cfsetospeed(&tio, code) }
    }
}
