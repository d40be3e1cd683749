/// The GPS part of a STATE report: the latest fix and how the source is doing.
public struct LiveGPSState: Equatable, Sendable {
    /// How the GPS source is doing: no device, device but no fix, or fixing.
    public enum SourceState: String, Sendable {
        case noDevice = "no_device"
        case noFix = "no_fix"
        case fix
    }

    /// 0 = nothing seen, 1 = no fix, 2 = 2D, 3 = 3D (gpsd's modes).
    public var mode: Int
    public var state: SourceState
    public var latitude: Double?
    public var longitude: Double?
    public var altitudeMSL: Double?
    public var speed: Double?
    public var satellitesUsed: Int?
    public var hdop: Double?
    public var time: UTCTime?
    /// The source string the daemon was given, e.g. `serial:/dev/pacer-gps`.
    public var source: String

    public init(mode: Int = 0, state: SourceState = .noDevice, latitude: Double? = nil, longitude: Double? = nil,
                altitudeMSL: Double? = nil, speed: Double? = nil, satellitesUsed: Int? = nil, hdop: Double? = nil,
                time: UTCTime? = nil, source: String) {
        self.mode = mode
        self.state = state
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.speed = speed
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
        self.time = time
        self.source = source
    }

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("mode"); w.value(mode)
        w.key("state"); w.value(state.rawValue)
        // The fix in one run (`JSONCursor`): this object goes out with every fix.
        w.cursorValue(atMost: 7 * JSONCursor.fieldRoom) { o in
            o.key("\"time\":"); o.time(time)
            o.key(",\"lat\":"); o.number(latitude, trimmed: 7)
            o.key(",\"lon\":"); o.number(longitude, trimmed: 7)
            o.key(",\"alt_msl\":"); o.number(altitudeMSL, trimmed: 1)
            o.key(",\"speed_mps\":"); o.number(speed, trimmed: 2)
            o.key(",\"sats_used\":"); o.integer(satellitesUsed)
            o.key(",\"hdop\":"); o.number(hdop, trimmed: 1)
        }
        w.key("source"); w.value(source)
        w.endObject()
    }

    init(json: JSONValue) {
        self.init(mode: json["mode"]?.integer ?? 0,
                  state: json["state"]?.string.flatMap(SourceState.init(rawValue:)) ?? .noDevice,
                  latitude: json["lat"]?.number, longitude: json["lon"]?.number, altitudeMSL: json["alt_msl"]?.number,
                  speed: json["speed_mps"]?.number, satellitesUsed: json["sats_used"]?.integer,
                  hdop: json["hdop"]?.number, time: json["time"]?.string.flatMap { UTCTime(rfc3339: $0) },
                  source: json["source"]?.string ?? "")
    }
}
