/// What an `ANTFramer` has seen on a stick's serial line, in report order.
public enum ANTFrameCounter: String, CounterKey {
    /// Frames whose checksum verified.
    case frames
    /// Frames dropped because the XOR of their bytes did not match; framing resumes at the byte
    /// after their sync byte, so a sync byte inside the bad frame is not lost.
    case badChecksums
    /// Frames cut short: a length past `ANTFramer.maximumPayload`, or the stream ended inside one.
    case truncated
    /// Bytes outside any verified frame, padding excluded.
    case junkBytes
    /// Zero bytes between frames: the padding a host appends to each write (GoldenCheetah, openant).
    case paddingBytes
}

/// Running counts of an ANT serial line.
public typealias ANTFrameCounters = Counts<ANTFrameCounter>

/// What a channel's page decoder has seen, in report order.
public enum ANTPageCounter: String, CounterKey {
    /// Data pages handed to the decoder.
    case pages
    /// Readings produced (each one BLE-log line).
    case readings
    /// Pages of a number the profile does not decode: counted, never an error.
    case unknownPages
    /// Values no body or machine produces (a computed heart rate of 0 or above 250 bpm, more
    /// than 4000 W): passed over, as the BLE decoders' values are (`GATTMeasurement.isImplausible`).
    case implausible
    /// Silences long enough that the counters may have wrapped unseen: the next page starts afresh.
    case gaps
}

/// Running counts of one channel's pages.
public typealias ANTPageCounters = Counts<ANTPageCounter>
