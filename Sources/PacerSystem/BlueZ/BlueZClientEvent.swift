import PacerCore

/// What the BlueZ client tells its owner, in the order it happens.
public enum BlueZClientEvent: Sendable {
    /// A sensor's state, battery or heart-rate freshness changed.
    case status(BlueZSensorStatus)
    /// A value the sensor sent (or a battery level read), raw and decoded.
    case notification(address: String, BLENotification, GATTMeasurement)
    /// A value that does not decode: counted, reported with its device, never fatal.
    case malformed(address: String, BLENotification, GATTDecodingError)
    /// bluetoothd left or came back, discovery started: diagnostics for stderr.
    case log(String)
}
