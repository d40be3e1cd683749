/// A decoded ANT+ reading in the form of the BLE reading it maps to: a characteristic and the
/// bytes a BLE sensor would have sent, so it travels as one BLE-log line and everything after
/// (journal, STATE, exports, replay) treats it as that BLE reading.
public struct ANTReading: Equatable, Sendable {
    public var characteristic: UInt16
    public var payload: [UInt8]

    /// The BLE-log line's value for a reading received at `time`.
    public func notification(at time: UTCTime) -> BLENotification {
        BLENotification(time: time, characteristic: characteristic, payload: payload)
    }

    /// The reading decoded as the BLE decoders decode it.
    public var measurement: GATTMeasurement? {
        try? GATTMeasurement(characteristic: characteristic, bytes: payload)
    }
}
