/// A decoded value of any characteristic Pacer reads. Which decoder applies is the sensor
/// table's business (`SensorProfile`): the BlueZ client, replay and the recorder all decode here.
public enum GATTMeasurement: Equatable, Sendable {
    case heartRate(HeartRateMeasurement)
    case runningSpeedCadence(RSCMeasurement)
    case cyclingSpeedCadence(CSCMeasurement)
    case cyclingPower(CyclingPowerMeasurement)
    case batteryLevel(BatteryLevel)
    case pressure(EnvironmentalPressure)
    case temperature(EnvironmentalTemperature)
    case elevation(EnvironmentalElevation)
    /// A smart trainer's power, cadence and speed (0x2AD2).
    case indoorBike(IndoorBikeData)
    /// The trainer's answer to a control point write (0x2AD9 indication).
    case trainerResponse(FTMSControlResponse)
    case trainerPowerRange(FTMSPowerRange)
    case trainerStatus(FTMSMachineStatus)

    /// Characteristics that have a decoder.
    public static let characteristics: Set<UInt16> =
        Set(SensorProfile.table.map(\.measurement) + SensorProfile.auxiliary.map(\.characteristic))

    /// The decoding as a value: what a caller that decodes each notification once hands on.
    public static func decode(characteristic: UInt16, bytes: [UInt8]) -> Result<GATTMeasurement, GATTDecodingError> {
        do {
            return .success(try GATTMeasurement(characteristic: characteristic, bytes: bytes))
        } catch {
            return .failure(error)
        }
    }

    public init(characteristic: UInt16, bytes: [UInt8]) throws(GATTDecodingError) {
        if let row = SensorProfile.measuring(characteristic) {
            self = try row.decode(bytes)
        } else if let aux = SensorProfile.auxiliary.first(where: { $0.characteristic == characteristic }) {
            self = try aux.decode(bytes)
        } else {
            throw .unknownCharacteristic(characteristic)
        }
    }

    /// A value no body or machine produces (a glitch, or a hostile peripheral): the metrics pass
    /// it over (`HeartRateReading.acceptedHeartRate`, `PowerTracker.accept`), the recorder counts it.
    /// A heart rate of 0 is a strap saying it has none, not a glitch.
    public var isImplausible: Bool {
        switch self {
        case .heartRate(let m): m.beatsPerMinute != 0 && !HeartRateReading.isPlausible(Int(m.beatsPerMinute))
        case .cyclingPower(let m): !PowerTracker.isPlausible(Int(m.instantaneousPower))
        case .indoorBike(let m): m.power.map { !PowerTracker.isPlausible(Int($0)) } ?? false
        default: false
        }
    }

    /// Decodes a recorded or live notification.
    public init(_ notification: BLENotification) throws(GATTDecodingError) {
        try self.init(characteristic: notification.characteristic, bytes: notification.payload)
    }
}
