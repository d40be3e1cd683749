/// One kind of BLE sensor as every layer sees it: BlueZ discovery filters on `service` and
/// subscribes to `measurement`, the config names its address with `configKey`, STATE and the
/// event texts show `kind` and `noun`, and `GATTMeasurement` decodes its values through `decode`.
/// Adding a sensor kind is a `SensorKind` case, a row here, its decoder with its `GATTMeasurement`
/// case, and the engine's use of it (`SessionEngine.handle(_:at:emit:)`, a switch the compiler
/// holds to every case).
public struct SensorProfile: Sendable {
    public let kind: SensorKind
    /// 16-bit GATT service UUID the sensor advertises.
    public let service: UInt16
    /// The characteristic whose notifications carry its measurements.
    public let measurement: UInt16
    /// `[sensors]` key holding its address (`auto` or absent: the first one seen).
    public let configKey: String
    /// How a person calls it, in event texts and logs.
    public let noun: String
    /// `[broadcast]` key under which pacerd re-broadcasts this kind's service to other devices
    /// (`BroadcastPlan`); nil: not re-broadcast.
    public let broadcastKey: String?
    let decode: @Sendable ([UInt8]) throws(GATTDecodingError) -> GATTMeasurement

    /// In priority order: a device advertising several services is the first kind that matches.
    public static let table: [SensorProfile] = [
        SensorProfile(kind: .heartRate, service: 0x180D, measurement: HeartRateMeasurement.characteristic,
                      configKey: "heart_rate", noun: "heart-rate strap", broadcastKey: "heart_rate") { bytes throws(GATTDecodingError) in
            .heartRate(try HeartRateMeasurement(bytes: bytes))
        },
        SensorProfile(kind: .footpod, service: 0x1814, measurement: RSCMeasurement.characteristic,
                      configKey: "footpod", noun: "footpod", broadcastKey: "speed_cadence") { bytes throws(GATTDecodingError) in
            .runningSpeedCadence(try RSCMeasurement(bytes: bytes))
        },
        SensorProfile(kind: .speedCadence, service: 0x1816, measurement: CSCMeasurement.characteristic,
                      configKey: "bike", noun: "bike speed/cadence sensor",
                      broadcastKey: nil) { bytes throws(GATTDecodingError) in
            .cyclingSpeedCadence(try CSCMeasurement(bytes: bytes))
        },
        SensorProfile(kind: .power, service: 0x1818, measurement: CyclingPowerMeasurement.characteristic,
                      configKey: "power", noun: "power meter", broadcastKey: "power") { bytes throws(GATTDecodingError) in
            .cyclingPower(try CyclingPowerMeasurement(bytes: bytes))
        },
        // Environmental Sensing: a BLE barometer, and the form a Linux IIO pressure sensor's
        // readings take too (pacerd turns them into 2a6d/2a6e notifications).
        SensorProfile(kind: .barometer, service: 0x181A, measurement: EnvironmentalPressure.characteristic,
                      configKey: "barometer", noun: "barometer", broadcastKey: nil) { bytes throws(GATTDecodingError) in
            .pressure(try EnvironmentalPressure(bytes: bytes))
        },
    ]

    /// Characteristics any sensor may also carry (read once, notified when supported).
    public static let auxiliary: [(characteristic: UInt16, decode: @Sendable ([UInt8]) throws(GATTDecodingError) -> GATTMeasurement)] = [
        (BatteryLevel.characteristic, { bytes throws(GATTDecodingError) in .batteryLevel(try BatteryLevel(bytes: bytes)) }),
        (EnvironmentalTemperature.characteristic, { bytes throws(GATTDecodingError) in .temperature(try EnvironmentalTemperature(bytes: bytes)) }),
        (EnvironmentalElevation.characteristic, { bytes throws(GATTDecodingError) in .elevation(try EnvironmentalElevation(bytes: bytes)) }),
    ]

    /// The row whose measurement characteristic is `uuid`.
    public static func measuring(_ uuid: UInt16) -> SensorProfile? { table.first { $0.measurement == uuid } }
}
