import Glibc

/// A pseudo-terminal in raw mode standing in for a GPS on a serial line: the test writes NMEA to
/// `master`, the program under test opens `path`. The test closes both ends.
struct RawPTY {
    let master: Int32
    let slave: Int32
    let path: String

    init() throws {
        var master: Int32 = -1, slave: Int32 = -1
        var tio = termios()
        cfmakeraw(&tio)
        guard openpty(&master, &slave, nil, &tio, nil) == 0 else { throw DaemonTestError("openpty: \(String(cString: strerror(errno)))") }
        self.master = master
        self.slave = slave
        // ttyname_r: tests open ptys from several threads, and ttyname's buffer is shared.
        var name = [CChar](repeating: 0, count: 128)
        guard ttyname_r(slave, &name, name.count) == 0 else { throw DaemonTestError("ttyname_r: \(String(cString: strerror(errno)))") }
        path = String(cString: name)
    }
}
