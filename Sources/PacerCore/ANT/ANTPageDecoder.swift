/// One ANT+ device profile's page decoder with the state its derivations need (the previous
/// page's counters). A value: a channel owns one, so two channels never share state.
protocol ANTPageDecoder: Sendable {
    /// Decodes an 8-byte page received at `instant`, appending readings and counting.
    mutating func decode(_ page: [UInt8], at instant: MonotonicInstant,
                         readings: inout [ANTReading], counters: inout ANTPageCounters)
    /// Forgets the previous page (after a silence in which counters may have wrapped unseen).
    mutating func forget()
}

/// Helpers every page decoder reads fields with.
enum ANTPageField {
    static func uint16(_ p: [UInt8], _ i: Int) -> UInt16 { UInt16(p[i]) | UInt16(p[i + 1]) << 8 }

    /// A monotonic instant as a 16-bit event time in 1/1024 s, as BLE event times run
    /// (wrapping; only differences matter). Integer arithmetic: never traps.
    static func ticks1024(_ instant: MonotonicInstant) -> UInt16 {
        let ns = instant.nanoseconds
        let whole = (ns / 1_000_000_000) &* 1024
        let part = (ns % 1_000_000_000) * 1024 / 1_000_000_000
        return UInt16(truncatingIfNeeded: whole &+ part)
    }

    /// Nanoseconds from `earlier` to `later`, held to Int64's range.
    static func nanoseconds(from earlier: MonotonicInstant, to later: MonotonicInstant) -> Int64 {
        let (d, overflow) = later.nanoseconds.subtractingReportingOverflow(earlier.nanoseconds)
        return overflow ? (later.nanoseconds > earlier.nanoseconds ? .max : .min) : d
    }

    /// A battery percentage from the ANT battery status (bits 4-6 of a descriptive byte: 1 new,
    /// 2 good, 3 ok, 4 low, 5 critical). BLE carries percent only; these are the midpoints a
    /// watch's battery gauge shows for each word. Nil for reserved and invalid states.
    static func batteryPercent(status byte: UInt8) -> UInt8? {
        switch byte >> 4 & 0x07 {
        case 1: 100
        case 2: 80
        case 3: 50
        case 4: 20
        case 5: 5
        default: nil
        }
    }

    static func battery(_ percent: UInt8) -> ANTReading {
        ANTReading(characteristic: BatteryLevel.characteristic, payload: [percent])
    }
}
