/// What an `NMEADecoder` has seen: the figures `pacerctl parse` prints to stderr.
public struct NMEACounters: Equatable, Sendable {
    /// Terminated sentences, whatever their checksum.
    public var sentences = 0
    /// Checksum-valid GNSS sentences decoded (GGA RMC GLL GNS GSA GSV VTG ZDA GST).
    public var accepted = 0
    /// Dropped for a wrong, missing or non-hex checksum; `missingChecksum` is the part without any.
    public var badChecksum = 0
    public var missingChecksum = 0
    /// Checksum-valid sentences of a type Pacer does not decode (marine instruments, ...).
    public var unknownType = 0
    /// Proprietary `$P...` sentences, recognised and skipped.
    public var proprietary = 0
    /// AIS `!..VDM`/`!..VDO` sentences, recognised and skipped.
    public var ais = 0
    /// Known types with fewer fields than the type needs.
    public var malformed = 0
    /// Partial sentences abandoned (cut by a new `$`, a control byte, over-long, or unterminated).
    public var truncated = 0
    /// Bytes outside any accepted sentence (line ends between sentences excluded).
    public var junkBytes = 0
    /// Fixes emitted (with or without a position).
    public var fixes = 0
    /// Epochs with a position that never reached the end of their cycle (not reported, as in gpsd).
    public var incompleteEpochs = 0

    public init() {}
}
