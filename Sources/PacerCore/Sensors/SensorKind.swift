/// What a BLE sensor measures. Everything else about a kind (its GATT service, measurement
/// characteristic, config key, decoder, how it is re-broadcast) is one row of `SensorProfile.table`.
public enum SensorKind: String, Sendable, CaseIterable {
    case heartRate = "heart_rate"
    case footpod
    case speedCadence = "speed_cadence"
    case power
    case barometer
    /// A smart trainer (Fitness Machine Service): it measures, and Pacer drives it (`TrainerController`).
    case trainer

    /// This kind's row of the sensor table.
    public var profile: SensorProfile { SensorProfile.table.first { $0.kind == self }! }
    public var serviceUUID: UInt16 { profile.service }
    public var measurementCharacteristic: UInt16 { profile.measurement }

    /// The kind a device is, from its advertised 16-bit service UUIDs; the table's order breaks
    /// ties (a strap that also advertises another service is a heart-rate sensor).
    public init?(advertisedServices: [UInt16]) {
        guard let row = SensorProfile.table.first(where: { advertisedServices.contains($0.service) }) else { return nil }
        self = row.kind
    }
}
