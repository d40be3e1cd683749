/// What one decoded sentence says: the fields it carries (nil when absent) and
/// whether it vouches for a position. Plain values only, so decoding never allocates.
public struct NMEAReport: Equatable, Sendable {
    /// The receiver's own validity signal (RMC/GLL status, GGA quality, GSA fix type, mode indicator).
    public enum Validity: Equatable, Sendable {
        /// The sentence says nothing about the fix (GSV, ZDA, GST).
        case unstated
        /// The sentence says the receiver has a fix.
        case valid
        /// The sentence says there is no fix: its position, if any, must not be used.
        case invalid
    }

    public var type: NMEASentenceType
    public var validity: Validity = .unstated
    /// Milliseconds since UTC midnight.
    public var timeOfDay: Int?
    /// The sentence's time counts for cycle detection (gpsd's "fractional time"): GGA, GLL,
    /// GNS and GBS with a time, RMC only when valid with a good date, ZDA with a good date.
    public var latchesTime = false
    /// An all-empty no-fix sentence (`$GPRMC,,V,...`, `$GPGGA,,,,,,0,...`): the receiver
    /// has lost track of time; the date is forgotten and the cycle must be relearnt.
    public var forgetsTime = false
    /// Days since 1970-01-01 of the sentence's date (RMC, ZDA).
    public var day: Int?
    public var latitude: Double?
    public var longitude: Double?
    public var altitudeMSL: Double?
    public var geoidSeparation: Double?
    public var speed: Double?
    public var track: Double?
    public var hdop: Double?
    public var vdop: Double?
    public var pdop: Double?
    public var satellitesUsed: Int?
    /// GSV: satellites in view reported by this talker; counted once per GSV group (its first message).
    public var satellitesVisible: Int?
    /// GSA fix type: 1 none, 2 2D, 3 3D.
    public var fixType: Int?
    /// A GGA/GNS position with altitude is 3D.
    public var hasAltitudeFix = false
    public var latitudeError: Double?
    public var longitudeError: Double?
    public var altitudeError: Double?
    /// Dead reckoning (GGA quality 6, mode indicator `E`): the receiver extrapolated, it did not measure.
    public var isEstimated = false

    public init(type: NMEASentenceType) { self.type = type }

    /// True when the sentence gives a position it vouches for.
    public var hasValidPosition: Bool { validity == .valid && latitude != nil && longitude != nil }
}
