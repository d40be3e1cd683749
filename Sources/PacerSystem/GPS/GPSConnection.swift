import PacerCore

/// One open link to a GPS (a serial port, a gpsd session, a recording), served by `GPSSource`'s
/// `turn`: on the daemon's event loop (`attach`), or on the source's own thread (`start`, tools
/// and tests). Connections never call back into the source: they emit decoded fixes into the
/// closure they are given.
protocol GPSConnection: AnyObject {
    /// The descriptor to poll for input, or -1 when the connection is driven by time only.
    var pollDescriptor: Int32 { get }
    /// When the connection wants service even without input (autobaud window, playback).
    var wakeup: MonotonicInstant? { get }
    /// Set once the device is known to be talking (for autobaud: once its rate is found).
    var readyInfo: GPSDeviceInfo? { get }
    /// True when a recording has been played to its end.
    var isFinished: Bool { get }
    /// What this connection read and rejected since it was opened.
    var counters: GPSCounters { get }
    /// Reads what is available (`revents` from poll, 0 on a timer) and emits fixes;
    /// throws `GPSDeviceLost` when the device or gpsd went away.
    func service(revents: Int16, now: MonotonicInstant, emit: (GNSSFix) -> Void) throws
}

/// Why a connection ended, in words for the `deviceLost` event.
struct GPSDeviceLost: Error, CustomStringConvertible {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
