/// One heart-rate notification as the engine needs it, independent of how it was decoded.
public struct HeartRateReading: Equatable, Sendable {
    /// Beats per minute; nil or 0 is not a heart rate.
    public var beatsPerMinute: Int?
    /// Sensor contact: true/false when the strap reports it, nil when it does not support it.
    public var contactDetected: Bool?
    /// RR intervals in 1/1024 s, oldest first.
    public var rrIntervals: [UInt16]

    public init(beatsPerMinute: Int?, contactDetected: Bool? = nil, rrIntervals: [UInt16] = []) {
        self.beatsPerMinute = beatsPerMinute
        self.contactDetected = contactDetected
        self.rrIntervals = rrIntervals
    }

    /// Heart rates a human heart can beat at (resting bradycardia to the highest recorded in
    /// adults, with margin). A strap's 16-bit field holds up to 65535: anything outside is a
    /// glitch or a hostile peripheral, not a reading.
    public static let plausibleRange = 20...250

    /// Whether a strap's value is a heart rate at all: the engine and the recorder's count of
    /// glitches ask the same question (0, a strap's "none", is not one either).
    public static func isPlausible(_ bpm: Int) -> Bool { plausibleRange.contains(bpm) }

    /// The heart rate to account, nil when the strap says it is not on skin or the value is
    /// not a heart rate.
    public var acceptedHeartRate: Int? {
        if contactDetected == false { return nil }
        guard let bpm = beatsPerMinute, Self.isPlausible(bpm) else { return nil }
        return bpm
    }
}

extension HeartRateReading {
    /// From a decoded 0x2A37 notification: "not detected" contact means no heart rate.
    public init(_ m: HeartRateMeasurement) {
        let contact: Bool?
        switch m.sensorContact {
        case .notSupported: contact = nil
        case .notDetected: contact = false
        case .detected: contact = true
        }
        self.init(beatsPerMinute: Int(m.beatsPerMinute), contactDetected: contact, rrIntervals: m.rrIntervals1024)
    }
}
