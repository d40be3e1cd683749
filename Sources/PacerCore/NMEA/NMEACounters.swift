/// What an `NMEADecoder` has seen: the figures `pacerctl parse` prints to stderr, in this order.
/// Its `NMEAFramer` counts the framing (sentences, checksums, truncated, junk bytes), the decoder
/// the rest.
public enum NMEACounter: String, CounterKey {
    /// Terminated sentences, whatever their checksum.
    case sentences
    /// Checksum-valid GNSS sentences decoded (GGA RMC GLL GNS GSA GSV VTG ZDA GST).
    case accepted
    /// Dropped for a wrong, missing or non-hex checksum; `missingChecksums` is the part without any.
    case badChecksums
    case missingChecksums
    /// Checksum-valid sentences of a type Pacer does not decode (marine instruments, ...).
    case unknownTypes
    /// Proprietary `$P...` sentences, recognised and skipped.
    case proprietary
    /// AIS `!..VDM`/`!..VDO` sentences, recognised and skipped.
    case ais
    /// Known types with fewer fields than the type needs.
    case malformed
    /// Partial sentences abandoned (cut by a new `$`, a control byte, over-long, or unterminated).
    case truncated
    /// Bytes outside any accepted sentence (line ends between sentences excluded).
    case junkBytes
    /// Fixes emitted (with or without a position).
    case fixes
    /// Epochs with a position that never reached the end of their cycle (not reported, as in gpsd).
    case incompleteEpochs
}

/// Running counts of what an NMEA decoder (or its framer) has seen.
public typealias NMEACounters = Counts<NMEACounter>
