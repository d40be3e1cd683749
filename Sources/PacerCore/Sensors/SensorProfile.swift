/// One kind of BLE sensor as every layer sees it: BlueZ discovery filters on `service` and
/// subscribes to `measurement`, the config names its address with `configKey`, STATE and the
/// event texts show `kind` and `noun`, `GATTMeasurement` decodes its values through `decode`, and
/// `[broadcast]` re-broadcasts it as its `broadcast` columns say. Adding a sensor kind is a
/// `SensorKind` case, a row here, its decoder (a measurement type in GATT/) with its
/// `GATTMeasurement` case, and the engine's use of it (`SessionEngine.handle(_:at:emit:)`, a
/// switch the compiler holds to every case). Re-broadcasting it is its row's `broadcast`, and a
/// field of `BroadcastReadings` when it needs a value the readings do not carry yet.
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
    let decode: @Sendable ([UInt8]) throws(GATTDecodingError) -> GATTMeasurement
    /// How pacerd re-broadcasts this kind's service to other devices; nil: not re-broadcast.
    public let broadcast: BroadcastProfile?

    /// In priority order: a device advertising several services is the first kind that matches.
    public static let table: [SensorProfile] = [
        SensorProfile(kind: .heartRate, service: 0x180D, measurement: HeartRateMeasurement.characteristic,
                      configKey: "heart_rate", noun: "heart-rate strap",
                      decode: { bytes throws(GATTDecodingError) in .heartRate(try HeartRateMeasurement(bytes: bytes)) },
                      broadcast: BroadcastProfile(
                        configKey: "heart_rate",
                        constants: [(0x2A38, [0])],  // body sensor location: other
                        encode: { readings, _ in
                            readings.heartRate.map {
                                HeartRateMeasurement.encode(beatsPerMinute: $0, rrIntervals1024: readings.rrIntervals1024)
                            }
                        },
                        reading: { measurement in
                            guard case .heartRate(let m) = measurement else { return nil }
                            guard m.isHeartRateValid else { return BroadcastReadings() }
                            return BroadcastReadings(heartRate: Int(m.beatsPerMinute), rrIntervals1024: m.rrIntervals1024)
                        })),
        SensorProfile(kind: .footpod, service: 0x1814, measurement: RSCMeasurement.characteristic,
                      configKey: "footpod", noun: "footpod",
                      decode: { bytes throws(GATTDecodingError) in .runningSpeedCadence(try RSCMeasurement(bytes: bytes)) },
                      broadcast: BroadcastProfile(
                        configKey: "speed_cadence",
                        constants: [(0x2A54, [0x07, 0])],  // features: stride, distance, running status
                        encode: { readings, _ in
                            readings.speed.map { speed in
                                let cadence = readings.stepCadence
                                let stride = cadence.flatMap { $0 > 0 ? speed * 60 / $0 : nil }
                                return RSCMeasurement.encode(speedMetresPerSecond: speed, cadencePerMinute: cadence,
                                                             strideLengthMetres: stride, totalDistanceMetres: readings.distanceMeters)
                            }
                        },
                        reading: { measurement in
                            guard case .runningSpeedCadence(let m) = measurement else { return nil }
                            return BroadcastReadings(speed: m.speedMetresPerSecond, stepCadence: Double(m.cadencePerMinute))
                        })),
        SensorProfile(kind: .speedCadence, service: 0x1816, measurement: CSCMeasurement.characteristic,
                      configKey: "bike", noun: "bike speed/cadence sensor",
                      decode: { bytes throws(GATTDecodingError) in .cyclingSpeedCadence(try CSCMeasurement(bytes: bytes)) },
                      broadcast: nil),
        SensorProfile(kind: .power, service: 0x1818, measurement: CyclingPowerMeasurement.characteristic,
                      configKey: "power", noun: "power meter",
                      decode: { bytes throws(GATTDecodingError) in .cyclingPower(try CyclingPowerMeasurement(bytes: bytes)) },
                      broadcast: BroadcastProfile(
                        configKey: "power",
                        constants: [(0x2A65, [0x08, 0, 0, 0]), (0x2A5D, [0])],  // features: crank revolutions; location: other
                        encode: { readings, crank in readings.power.map { CyclingPowerMeasurement.encode(watts: $0, crank: crank) } },
                        reading: { measurement in
                            guard case .cyclingPower(let m) = measurement else { return nil }
                            return BroadcastReadings(power: Double(m.instantaneousPower))
                        })),
        // Environmental Sensing: a BLE barometer, and the form a Linux IIO pressure sensor's
        // readings take too (pacerd turns them into 2a6d/2a6e notifications).
        SensorProfile(kind: .barometer, service: 0x181A, measurement: EnvironmentalPressure.characteristic,
                      configKey: "barometer", noun: "barometer",
                      decode: { bytes throws(GATTDecodingError) in .pressure(try EnvironmentalPressure(bytes: bytes)) },
                      broadcast: nil),
        // Fitness Machine Service: a smart trainer's Indoor Bike Data; its control point, power
        // range and status are auxiliary rows below, answered to `TrainerController`.
        SensorProfile(kind: .trainer, service: IndoorBikeData.service, measurement: IndoorBikeData.characteristic,
                      configKey: "trainer", noun: "smart trainer",
                      decode: { bytes throws(GATTDecodingError) in .indoorBike(try IndoorBikeData(bytes: bytes)) },
                      broadcast: nil),
    ]

    /// Characteristics any sensor may also carry (read once, notified when supported).
    public static let auxiliary: [(characteristic: UInt16, decode: @Sendable ([UInt8]) throws(GATTDecodingError) -> GATTMeasurement)] = [
        (BatteryLevel.characteristic, { bytes throws(GATTDecodingError) in .batteryLevel(try BatteryLevel(bytes: bytes)) }),
        (EnvironmentalTemperature.characteristic, { bytes throws(GATTDecodingError) in .temperature(try EnvironmentalTemperature(bytes: bytes)) }),
        (EnvironmentalElevation.characteristic, { bytes throws(GATTDecodingError) in .elevation(try EnvironmentalElevation(bytes: bytes)) }),
        (FTMSControlRequest.characteristic, { bytes throws(GATTDecodingError) in .trainerResponse(try FTMSControlResponse(bytes: bytes)) }),
        (FTMSPowerRange.characteristic, { bytes throws(GATTDecodingError) in .trainerPowerRange(try FTMSPowerRange(bytes: bytes)) }),
        (FTMSMachineStatus.characteristic, { bytes throws(GATTDecodingError) in .trainerStatus(try FTMSMachineStatus(bytes: bytes)) }),
    ]

    /// The row whose measurement characteristic is `uuid`.
    public static func measuring(_ uuid: UInt16) -> SensorProfile? { table.first { $0.measurement == uuid } }
}
