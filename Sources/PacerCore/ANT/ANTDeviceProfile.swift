/// The ANT+ device profiles Pacer receives, one row each: what a channel is set up with (device
/// type, period), what a person calls it, the BLE characteristic its readings travel as (which
/// names its `SensorProfile` row, `SensorProfile.measuring(characteristic)`), and its decoder.
/// Adding a profile is a row here and its page decoder.
public struct ANTDeviceProfile: Sendable {
    public let deviceType: UInt8
    /// Channel period in 1/32768 s: the profile's message rate (8070: 4.06 Hz).
    public let period: UInt16
    public let name: String
    public let characteristic: UInt16
    let makeDecoder: @Sendable () -> any ANTPageDecoder

    public static let table: [ANTDeviceProfile] = [
        ANTDeviceProfile(deviceType: 120, period: 8070, name: "heart rate", characteristic: HeartRateMeasurement.characteristic,
                         makeDecoder: { ANTHeartRateDecoder() }),
        ANTDeviceProfile(deviceType: 11, period: 8182, name: "bike power", characteristic: CyclingPowerMeasurement.characteristic,
                         makeDecoder: { ANTBikePowerDecoder() }),
        ANTDeviceProfile(deviceType: 121, period: 8086, name: "bike speed and cadence", characteristic: CSCMeasurement.characteristic,
                         makeDecoder: { ANTSpeedCadenceDecoder(.combined) }),
        ANTDeviceProfile(deviceType: 122, period: 8102, name: "bike cadence", characteristic: CSCMeasurement.characteristic,
                         makeDecoder: { ANTSpeedCadenceDecoder(.cadence) }),
        ANTDeviceProfile(deviceType: 123, period: 8118, name: "bike speed", characteristic: CSCMeasurement.characteristic,
                         makeDecoder: { ANTSpeedCadenceDecoder(.speed) }),
        ANTDeviceProfile(deviceType: 124, period: 8134, name: "stride speed and distance", characteristic: RSCMeasurement.characteristic,
                         makeDecoder: { ANTStrideDecoder() }),
    ]

    /// The row for an ANT+ device type (the pairing bit ignored).
    public static func forDeviceType(_ type: UInt8) -> ANTDeviceProfile? {
        table.first { $0.deviceType == type & 0x7F }
    }
}
