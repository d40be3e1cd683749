/// One CSC Measurement notification (characteristic 0x2A5B, Cycling Speed and Cadence Service 1.0).
///
/// Layout: flags (bit 0 wheel data, bit 1 crank data, bits 2-7 reserved),
/// [cumulative wheel revolutions uint32, last wheel event time uint16 in 1/1024 s],
/// [cumulative crank revolutions uint16, last crank event time uint16 in 1/1024 s].
/// The counters are cumulative and wrap: speed and cadence come from two measurements.
public struct CSCMeasurement: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2A5B

    /// A cumulative revolution count and the time of the last revolution event.
    public struct Revolutions: Equatable, Sendable {
        public let cumulative: UInt32
        /// Time of the last event in 1/1024 s; wraps every 64 s.
        public let lastEventTime1024: UInt16
        public init(cumulative: UInt32, lastEventTime1024: UInt16) {
            self.cumulative = cumulative
            self.lastEventTime1024 = lastEventTime1024
        }

        /// Crank revolutions as CSC and a power meter both send them: a 16-bit count (widened),
        /// then its event time. Arguments are evaluated in order, so the fields are read in order.
        static func crank(from reader: inout GATTBytes) throws(GATTDecodingError) -> Revolutions {
            try Revolutions(cumulative: UInt32(reader.uint16("cumulative crank revolutions")),
                            lastEventTime1024: reader.uint16("last crank event time"))
        }
    }

    public let flags: UInt8
    /// Wheel revolutions (32-bit counter), when present.
    public let wheel: Revolutions?
    /// Crank revolutions (16-bit counter, widened), when present.
    public let crank: Revolutions?

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        flags = try reader.flags(reserved: 0xFC)
        wheel = flags & 0x01 != 0 ? try Revolutions(cumulative: reader.uint32("cumulative wheel revolutions"),
                                                    lastEventTime1024: reader.uint16("last wheel event time")) : nil
        crank = flags & 0x02 != 0 ? try .crank(from: &reader) : nil
        try reader.end()
    }

    /// Revolutions and seconds between two readings of a counter that wraps at
    /// `counterModulus`, with the event time wrapping at 65536/1024 s.
    /// Nil when no new event happened (equal event times): the rate is then unknown, not zero.
    public static func delta(from earlier: Revolutions, to later: Revolutions, counterModulus: UInt64)
        -> (revolutions: UInt64, seconds: Double)? {
        let revolutions = (UInt64(later.cumulative) &+ counterModulus &- UInt64(earlier.cumulative)) % counterModulus
        let ticks = later.lastEventTime1024 &- earlier.lastEventTime1024
        guard ticks != 0 else { return nil }
        return (revolutions, Double(ticks) / 1024)
    }

    /// Speed in m/s between two measurements for a wheel of the given circumference;
    /// nil when either lacks wheel data or no new wheel event happened.
    public static func speedMetresPerSecond(from earlier: CSCMeasurement, to later: CSCMeasurement,
                                            wheelCircumferenceMetres: Double) -> Double? {
        guard let a = earlier.wheel, let b = later.wheel,
              let d = delta(from: a, to: b, counterModulus: 1 << 32) else { return nil }
        return Double(d.revolutions) * wheelCircumferenceMetres / d.seconds
    }

    /// Crank cadence in revolutions per minute between two measurements (16-bit counter);
    /// nil when either lacks crank data or no new crank event happened.
    public static func cadenceRPM(from earlier: CSCMeasurement, to later: CSCMeasurement) -> Double? {
        guard let a = earlier.crank, let b = later.crank,
              let d = delta(from: a, to: b, counterModulus: 1 << 16) else { return nil }
        return Double(d.revolutions) * 60 / d.seconds
    }
}
