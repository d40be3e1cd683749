/// What one receive channel of a stick is doing, for STATE and the logs: the kind it listens
/// for, the device it paired with (nil while searching a wildcard), and whether it is heard.
public struct ANTSensorStatus: Equatable, Sendable {
    public var channel: UInt8
    public var deviceType: UInt8
    /// The sensor table's kind its readings stand for.
    public var kind: SensorKind
    /// The 20-bit number on the device's label, once paired (or configured).
    public var deviceNumber: UInt32?
    public var transmissionType: UInt8?
    public var state: State
    /// From the last battery page (common page 82 or the profile's own).
    public var batteryPercent: Int?
    /// Signal strength of the last page, when the stick reports it.
    public var rssi: Int8?

    /// The profile's name, as an ANT+ display shows it ("heart rate", "bike power").
    public var profileName: String { ANTDeviceProfile.forDeviceType(deviceType)?.name ?? "device type \(deviceType)" }

    public enum State: String, Sendable {
        /// The channel is being set up or is searching for a device it has not heard yet.
        case searching
        /// Pages arrive.
        case tracking
        /// It was heard and went silent (the stick searches again for the same device), or the
        /// stick is gone.
        case lost
    }
}
