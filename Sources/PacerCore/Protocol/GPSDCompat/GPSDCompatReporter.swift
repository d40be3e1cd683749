/// Encodes what pacerd knows about its GPS as gpsd's JSON reports (`gpsd_json(5)`, protocol
/// 3.14 as gpsd 3.22 speaks it): VERSION, DEVICES, WATCH, TPV, SKY, POLL and ERROR lines (CR LF), with
/// gpsd's field names, units and decimals. Absent values are left out, never null (gpsd's rule).
///
/// It keeps the previous fix only to derive `climb`, as gpsd does for receivers that do not
/// report it; time comes in with the fixes, so it is pure and deterministic.
public struct GPSDCompatReporter: Sendable {
    /// gpsd's protocol version this listener follows (gpsd 3.22).
    public static let protocolMajor = 3
    public static let protocolMinor = 14
    /// gpsd's user-equivalent range errors without DGPS, metres at 95%: eph = HDOP × 19,
    /// epv = VDOP × 23, sep = PDOP × 19 (what gpsd 3.22 reports for an NMEA receiver).
    static let horizontalUERE = 19.0
    static let verticalUERE = 23.0
    /// gpsd's timestamp error for NMEA time, seconds.
    static let nmeaTimeError = 0.005
    /// Climb is derived only between fixes at most this far apart (a gap is not a slope).
    static let maximumClimbInterval = 10.0

    /// The device name in reports (gpsd's `device`/`path`): the GPS source's path.
    public var device: String
    public private(set) var lastFix: GNSSFix?
    private var climb: Double?

    public init(device: String) { self.device = device }

    /// The device name for a `--gps` source string: its path for serial and file sources.
    public static func deviceName(source: String) -> String {
        switch try? GPSSourceSpec(parsing: source) {
        case .serial(let path, _)?, .file(let path, _)?: return path
        case let .gpsd(host, port)?: return "gpsd://\(host):\(port)"
        case nil: return source
        }
    }

    /// Takes a new fix (climb is derived from the previous one).
    public mutating func update(_ fix: GNSSFix) {
        climb = nil
        if let previous = lastFix, fix.mode == .threeD, previous.mode == .threeD,
           let t0 = previous.time, let t1 = fix.time, let a0 = previous.altitudeMSL, let a1 = fix.altitudeMSL {
            let dt = Double(t1.milliseconds(since: t0)) / 1000
            if dt > 0, dt <= GPSDCompatReporter.maximumClimbInterval { climb = (a1 - a0) / dt }
        }
        lastFix = fix
    }

    /// Forgets the fix (the receiver lost it): TPV then says mode 1.
    public mutating func fixLost() {
        lastFix.map { lost in
            var f = GNSSFix(time: lost.time, mode: .noFix)
            f.satellitesUsed = 0
            lastFix = f
        }
        climb = nil
    }

    // MARK: reports

    public static func version(release: String) -> [UInt8] {
        line { w in
            w.key("class"); w.value("VERSION")
            w.key("release"); w.value(release)
            w.key("rev"); w.value(release)
            w.key("proto_major"); w.value(protocolMajor)
            w.key("proto_minor"); w.value(protocolMinor)
        }
    }

    public static func error(_ message: String) -> [UInt8] {
        line { w in
            w.key("class"); w.value("ERROR")
            w.key("message"); w.value(message)
        }
    }

    public static func watch(enable: Bool, json: Bool) -> [UInt8] {
        line { w in
            w.key("class"); w.value("WATCH")
            w.key("enable"); w.value(enable)
            w.key("json"); w.value(json)
            w.key("nmea"); w.value(false)
            w.key("raw"); w.value(0)
            w.key("scaled"); w.value(false)
            w.key("timing"); w.value(false)
            w.key("split24"); w.value(false)
            w.key("pps"); w.value(false)
        }
    }

    /// DEVICES: the one GPS when it is open (`activated` is when it opened), else an empty list.
    public func devices(activated: UTCTime?, baudRate: Int?) -> [UInt8] {
        GPSDCompatReporter.line { w in
            w.key("class"); w.value("DEVICES")
            w.key("devices"); w.beginArray()
            if let activated { writeDevice(activated: activated, baudRate: baudRate, into: &w) }
            w.endArray()
        }
    }

    /// The TPV for the last fix; nil before any.
    public func tpv() -> [UInt8]? {
        guard let fix = lastFix else { return nil }
        return GPSDCompatReporter.line { writeTPVFields(fix, into: &$0) }
    }

    /// The SKY for the last fix: DOPs and the used count (per-satellite views are not kept,
    /// so `satellites` is empty); nil before any fix.
    public func sky() -> [UInt8]? {
        guard let fix = lastFix else { return nil }
        return GPSDCompatReporter.line { writeSKYFields(fix, into: &$0) }
    }

    /// POLL: the last TPV and SKY at `time`; `active` is 1 while the GPS is open.
    public func poll(time: UTCTime, active: Bool) -> [UInt8] {
        GPSDCompatReporter.line { w in
            w.key("class"); w.value("POLL")
            w.key("time"); w.value(time)
            w.key("active"); w.value(active ? 1 : 0)
            w.key("tpv"); w.beginArray()
            if let fix = lastFix { w.beginObject(); writeTPVFields(fix, into: &w); w.endObject() }
            w.endArray()
            w.key("sky"); w.beginArray()
            if let fix = lastFix { w.beginObject(); writeSKYFields(fix, into: &w); w.endObject() }
            w.endArray()
        }
    }

    // MARK: fields

    private func writeDevice(activated: UTCTime, baudRate: Int?, into w: inout JSONWriter) {
        w.beginObject()
        w.key("class"); w.value("DEVICE")
        w.key("path"); w.value(device)
        w.key("driver"); w.value("NMEA0183")
        w.key("activated"); w.value(activated)
        w.key("flags"); w.value(1)
        w.key("native"); w.value(0)
        if let baudRate {
            w.key("bps"); w.value(baudRate)
            w.key("parity"); w.value("N")
            w.key("stopbits"); w.value(1)
        }
        w.key("cycle"); w.value(1.0, fixed: 2)
        w.endObject()
    }

    private func writeTPVFields(_ fix: GNSSFix, into w: inout JSONWriter) {
        func put(_ key: StaticString, _ v: Double?, _ decimals: Int) {
            guard let v, v.isFinite else { return }
            w.key(key); w.value(v, fixed: decimals)
        }
        w.key("class"); w.value("TPV")
        w.key("device"); w.value(device)
        w.key("mode"); w.value(fix.mode.rawValue)
        // gpsd's status 5: dead reckoning (the receiver estimates, it does not measure).
        if fix.isEstimated { w.key("status"); w.value(5) }
        if let time = fix.time {
            w.key("time"); w.value(time)
            put("ept", GPSDCompatReporter.nmeaTimeError, 3)
        }
        guard fix.mode >= .twoD else { return }
        put("lat", fix.latitude, 9)
        put("lon", fix.longitude, 9)
        if fix.mode == .threeD {
            if let msl = fix.altitudeMSL, let sep = fix.geoidSeparation { put("altHAE", msl + sep, 4) }
            put("altMSL", fix.altitudeMSL, 4)
            put("alt", fix.altitudeMSL, 4)
            put("epv", fix.altitudeError ?? fix.vdop.map { $0 * GPSDCompatReporter.verticalUERE }, 3)
        }
        put("epx", fix.longitudeError, 3)
        put("epy", fix.latitudeError, 3)
        put("track", fix.track, 4)
        put("speed", fix.speed, 3)
        put("climb", climb, 3)
        put("geoidSep", fix.geoidSeparation, 3)
        put("eph", fix.hdop.map { $0 * GPSDCompatReporter.horizontalUERE }, 3)
        if fix.mode == .threeD { put("sep", fix.pdop.map { $0 * GPSDCompatReporter.horizontalUERE }, 3) }
    }

    private func writeSKYFields(_ fix: GNSSFix, into w: inout JSONWriter) {
        func put(_ key: StaticString, _ v: Double?) {
            guard let v, v.isFinite else { return }
            w.key(key); w.value(v, fixed: 2)
        }
        w.key("class"); w.value("SKY")
        w.key("device"); w.value(device)
        if let time = fix.time { w.key("time"); w.value(time) }
        put("vdop", fix.vdop)
        put("hdop", fix.hdop)
        put("pdop", fix.pdop)
        if let used = fix.satellitesUsed { w.key("uSat"); w.value(used) }
        w.key("satellites"); w.beginArray(); w.endArray()
    }

    private static func line(_ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        body(&w)
        w.endObject()
        // gpsd ends every report with CR LF, and Python's gps module only takes reports that do.
        w.raw("\r\n")
        return w.takeBytes()
    }
}
