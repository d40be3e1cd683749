#if canImport(Glibc)
import Glibc
#endif
import CGPS
import PacerCore

/// A gpsd session through libgps (gpsd 3.22, API 11): `?WATCH` for JSON reports,
/// each TPV report translated into a fix with the latest SKY's satellites and DOPs.
final class GPSDConnection: GPSConnection {
    private let gps: LibGPS
    /// gps_data_t is 24 KB with unions: kept on the heap, zeroed, owned here.
    private let data: UnsafeMutablePointer<gps_data_t>
    private var isOpen = false
    private var reports = 0
    let readyInfo: GPSDeviceInfo?

    /// Wraps gps_open and gps_stream(WATCH_ENABLE | WATCH_JSON).
    init(host: String, port: Int) throws {
        gps = try LibGPS.load()
        data = .allocate(capacity: 1)
        data.initialize(to: gps_data_t())
        if gps.open(host, String(port), data) != 0 {
            let reason = gps.errorString(errno).map { String(cString: $0) } ?? "error \(errno)"
            data.deallocate()
            throw GPSDeviceLost("gps_open \(host):\(port): \(reason)")
        }
        isOpen = true
        if gps.stream(data, UInt32(WATCH_ENABLE | WATCH_JSON), nil) != 0 {
            _ = gps.close(data)
            data.deallocate()
            throw GPSDeviceLost("gps_stream: could not send ?WATCH to gpsd at \(host):\(port)")
        }
        readyInfo = GPSDeviceInfo(description: "gpsd:\(host):\(port)")
    }

    deinit {
        if isOpen { _ = gps.close(data) }
        data.deallocate()
    }

    var pollDescriptor: Int32 { data.pointee.gps_fd }
    var wakeup: MonotonicInstant? { nil }
    var isFinished: Bool { false }

    var counters: GPSCounters {
        var c = GPSCounters()
        c[.gpsdReports] = reports
        return c
    }

    func service(revents: Int16, now: MonotonicInstant, emit: (GNSSFix) -> Void) throws {
        // One gps_read per complete JSON line libgps has buffered; the first one receives.
        for _ in 0..<256 {
            data.pointee.set = 0
            if restartingEINTR({ gps.read(data, nil, 0) }) < 0 {
                throw GPSDeviceLost("gpsd closed the connection")
            }
            reports += 1
            if data.pointee.set & MODE_SET != 0, let fix = GPSDConnection.fix(from: data) {
                emit(fix)
            }
            if !gps.waiting(data, 0) { break }
        }
    }

    /// A TPV report as a fix; nil below 2D (gpsd's `mode`, not `status`, says whether there is one).
    /// Read through the pointer: `gps_data_t` is 24 KB (the satellite tables), and taking it by
    /// value copied all of it for every report.
    static func fix(from data: UnsafePointer<gps_data_t>) -> GNSSFix? {
        let f = data.pointee.fix
        guard f.mode >= MODE_2D else { return nil }
        func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }
        var fix = GNSSFix(mode: f.mode >= MODE_3D ? .threeD : .twoD)
        if data.pointee.set & TIME_SET != 0, f.time.tv_sec > 0 {
            let ms = Int64(f.time.tv_sec) * 1000 + (Int64(f.time.tv_nsec) + 500_000) / 1_000_000
            fix.time = UTCTime(millisecondsSinceEpoch: ms)
            fix.timeOfDayMilliseconds = Int(ms % 86_400_000)
        }
        fix.latitude = finite(f.latitude)
        fix.longitude = finite(f.longitude)
        fix.altitudeMSL = f.mode >= MODE_3D ? finite(f.altMSL) : nil
        fix.geoidSeparation = finite(f.geoid_sep)
        fix.speed = finite(f.speed)
        fix.track = finite(f.track)
        fix.hdop = finite(data.pointee.dop.hdop)
        fix.vdop = finite(data.pointee.dop.vdop)
        fix.pdop = finite(data.pointee.dop.pdop)
        fix.satellitesUsed = data.pointee.satellites_used > 0 ? Int(data.pointee.satellites_used) : nil
        fix.satellitesVisible = data.pointee.satellites_visible > 0 ? Int(data.pointee.satellites_visible) : nil
        fix.latitudeError = finite(f.epy)
        fix.longitudeError = finite(f.epx)
        fix.altitudeError = finite(f.epv)
        return fix
    }
}
