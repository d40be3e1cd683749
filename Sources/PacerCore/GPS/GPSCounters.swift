/// What a GPS source read and rejected, over its connections: bad input is counted, never fatal.
/// The COUNTERS reply's `gps` group, in this order.
public enum GPSCounter: String, CounterKey {
    case bytesRead
    case sentences
    case acceptedSentences
    case badChecksums
    case unknownSentences
    /// Checksum-valid sentences of a known type with too few fields, and partial sentences cut off.
    case malformedSentences
    case junkBytes
    /// gpsd reports (JSON objects) read through libgps.
    case gpsdReports
    /// Position fixes delivered.
    case fixes
    /// Times the device or gpsd was lost.
    case deviceLosses
    /// Failed attempts to open or reopen it.
    case failedOpens
    /// Baud rates tried by autobaud and abandoned.
    case rejectedBaudRates

    /// Where an NMEA decoder's counts go: the names differ, a truncated sentence is malformed here,
    /// and what a source does not report (missing checksums, proprietary, AIS...) goes nowhere.
    static let fromNMEA: [(NMEACounter, GPSCounter)] = [
        (.sentences, .sentences),
        (.accepted, .acceptedSentences),
        (.badChecksums, .badChecksums),
        (.unknownTypes, .unknownSentences),
        (.junkBytes, .junkBytes),
        (.malformed, .malformedSentences),
        (.truncated, .malformedSentences),
    ]
}

/// Running totals of what a source read and rejected.
public typealias GPSCounters = Counts<GPSCounter>

extension Counts where Key == GPSCounter {
    /// Adds what an NMEA decoder counted.
    public mutating func add(_ nmea: NMEACounters) {
        for (from, to) in GPSCounter.fromNMEA { self[to] += nmea[from] }
    }
}

/// The daemon logs the counters every few seconds at debug level: a line of its own rather than
/// the reflected struct, which walks the type's metadata at every call.
extension Counts: CustomStringConvertible where Key == GPSCounter {
    public var description: String {
        "\(self[.bytesRead]) bytes, \(self[.sentences]) sentences (\(self[.acceptedSentences]) accepted, "
            + "\(self[.badChecksums]) bad checksum, \(self[.unknownSentences]) unknown, \(self[.malformedSentences]) malformed), "
            + "\(self[.junkBytes]) junk bytes, \(self[.gpsdReports]) gpsd reports, \(self[.fixes]) fixes, "
            + "\(self[.deviceLosses]) device losses, \(self[.failedOpens]) failed opens, "
            + "\(self[.rejectedBaudRates]) baud rates rejected"
    }
}
