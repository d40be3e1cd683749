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

    /// The heart rate to account, nil when the strap says it is not on skin.
    public var acceptedHeartRate: Int? {
        if contactDetected == false { return nil }
        guard let bpm = beatsPerMinute, bpm > 0 else { return nil }
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
