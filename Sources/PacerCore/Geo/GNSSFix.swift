/// Whether a fix has a position, and of which dimension (gpsd's `mode`).
public enum FixMode: Int, Sendable, Comparable {
    case noFix = 1
    case twoD = 2
    case threeD = 3

    public static func < (a: FixMode, b: FixMode) -> Bool { a.rawValue < b.rawValue }
}

/// One position report from a GNSS receiver: what every source (NMEA, gpsd,
/// a replayed file) produces and every consumer (metrics, journal, protocol) reads.
///
/// Values the receiver did not report are nil, never 0: a 0 m altitude or a
/// 0 m/s speed is a real measurement and must stay distinguishable from none.
public struct GNSSFix: Equatable, Sendable {
    /// UTC time of the fix; nil before the receiver has reported a date.
    public var time: UTCTime?
    /// Time of day in milliseconds since UTC midnight, known even when the date is not.
    public var timeOfDayMilliseconds: Int?
    public var mode: FixMode
    /// Degrees, WGS84; north and east positive.
    public var latitude: Double?
    public var longitude: Double?
    /// Metres above mean sea level.
    public var altitudeMSL: Double?
    /// Metres: geoid height above the WGS84 ellipsoid (GGA field 11).
    public var geoidSeparation: Double?
    /// Speed over ground in metres per second (the receiver's Doppler speed).
    public var speed: Double?
    /// Course over ground, degrees true.
    public var track: Double?
    public var hdop: Double?
    public var vdop: Double?
    public var pdop: Double?
    public var satellitesUsed: Int?
    public var satellitesVisible: Int?
    /// One-sigma error estimates in metres (GST).
    public var latitudeError: Double?
    public var longitudeError: Double?
    public var altitudeError: Double?
    /// Dead reckoning (gpsd's STATUS_DR): reported as gpsd reports it, never recorded as a
    /// measured position (the position filter refuses it).
    public var isEstimated = false

    public init(time: UTCTime? = nil, timeOfDayMilliseconds: Int? = nil, mode: FixMode = .noFix,
                latitude: Double? = nil, longitude: Double? = nil, altitudeMSL: Double? = nil,
                geoidSeparation: Double? = nil, speed: Double? = nil, track: Double? = nil,
                hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil,
                satellitesUsed: Int? = nil, satellitesVisible: Int? = nil,
                latitudeError: Double? = nil, longitudeError: Double? = nil, altitudeError: Double? = nil) {
        self.time = time
        self.timeOfDayMilliseconds = timeOfDayMilliseconds
        self.mode = mode
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.geoidSeparation = geoidSeparation
        self.speed = speed
        self.track = track
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
        self.satellitesUsed = satellitesUsed
        self.satellitesVisible = satellitesVisible
        self.latitudeError = latitudeError
        self.longitudeError = longitudeError
        self.altitudeError = altitudeError
    }

    /// True when the fix carries a usable position.
    public var hasPosition: Bool { mode >= .twoD && latitude != nil && longitude != nil }
}
