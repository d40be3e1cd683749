/// A decoded value of any characteristic Pacer reads, chosen by its 16-bit UUID,
/// so the BlueZ client, replay and the engine dispatch in one place.
public enum GATTMeasurement: Equatable, Sendable {
    case heartRate(HeartRateMeasurement)
    case runningSpeedCadence(RSCMeasurement)
    case cyclingSpeedCadence(CSCMeasurement)
    case batteryLevel(BatteryLevel)

    /// Characteristics that have a decoder here.
    public static let characteristics: Set<UInt16> = [
        HeartRateMeasurement.characteristic, RSCMeasurement.characteristic,
        CSCMeasurement.characteristic, BatteryLevel.characteristic,
    ]

    public init(characteristic: UInt16, bytes: [UInt8]) throws(GATTDecodingError) {
        switch characteristic {
        case HeartRateMeasurement.characteristic: self = .heartRate(try HeartRateMeasurement(bytes: bytes))
        case RSCMeasurement.characteristic: self = .runningSpeedCadence(try RSCMeasurement(bytes: bytes))
        case CSCMeasurement.characteristic: self = .cyclingSpeedCadence(try CSCMeasurement(bytes: bytes))
        case BatteryLevel.characteristic: self = .batteryLevel(try BatteryLevel(bytes: bytes))
        default: throw .unknownCharacteristic(characteristic)
        }
    }

    /// Decodes a recorded or live notification.
    public init(_ notification: BLENotification) throws(GATTDecodingError) {
        try self.init(characteristic: notification.characteristic, bytes: notification.payload)
    }
}
