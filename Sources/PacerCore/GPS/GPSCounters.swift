/// Running totals of what a source read and rejected: bad input is counted, never fatal.
public struct GPSCounters: Equatable, Sendable {
    public var bytesRead = 0
    public var sentences = 0
    public var acceptedSentences = 0
    public var badChecksums = 0
    public var unknownSentences = 0
    public var junkBytes = 0
    /// Checksum-valid sentences of a known type with too few fields, and partial sentences cut off.
    public var malformedSentences = 0
    /// gpsd reports (JSON objects) read through libgps.
    public var gpsdReports = 0
    /// Position fixes delivered.
    public var fixes = 0
    /// Times the device or gpsd was lost.
    public var deviceLosses = 0
    /// Failed attempts to open or reopen it.
    public var failedOpens = 0
    /// Baud rates tried by autobaud and abandoned.
    public var rejectedBaudRates = 0

    public init() {}

    /// Adds another connection's totals (a source sums its connections over reopens).
    public mutating func add(_ other: GPSCounters) {
        bytesRead += other.bytesRead
        sentences += other.sentences
        acceptedSentences += other.acceptedSentences
        badChecksums += other.badChecksums
        unknownSentences += other.unknownSentences
        junkBytes += other.junkBytes
        malformedSentences += other.malformedSentences
        gpsdReports += other.gpsdReports
        fixes += other.fixes
        deviceLosses += other.deviceLosses
        failedOpens += other.failedOpens
        rejectedBaudRates += other.rejectedBaudRates
    }

    /// Adds what an NMEA decoder counted.
    public mutating func add(_ nmea: NMEACounters) {
        sentences += nmea.sentences
        acceptedSentences += nmea.accepted
        badChecksums += nmea.badChecksum
        unknownSentences += nmea.unknownType
        junkBytes += nmea.junkBytes
        malformedSentences += nmea.malformed + nmea.truncated
    }
}

/// The daemon logs the counters every few seconds at debug level: a line of its own rather than
/// the reflected struct, which walks the type's metadata at every call.
extension GPSCounters: CustomStringConvertible {
    public var description: String {
        "\(bytesRead) bytes, \(sentences) sentences (\(acceptedSentences) accepted, \(badChecksums) bad checksum, "
            + "\(unknownSentences) unknown, \(malformedSentences) malformed), \(junkBytes) junk bytes, "
            + "\(gpsdReports) gpsd reports, \(fixes) fixes, \(deviceLosses) device losses, \(failedOpens) failed opens, "
            + "\(rejectedBaudRates) baud rates rejected"
    }
}

