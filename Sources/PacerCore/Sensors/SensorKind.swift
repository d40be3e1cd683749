/// What a BLE sensor measures, from the GATT services it advertises.
public enum SensorKind: String, Sendable, CaseIterable {
    /// Heart Rate Service (0x180D), characteristic 0x2A37.
    case heartRate = "heart_rate"
    /// Running Speed and Cadence Service (0x1814), characteristic 0x2A53.
    case footpod

    public var serviceUUID: UInt16 { self == .heartRate ? 0x180D : 0x1814 }
    public var measurementCharacteristic: UInt16 { self == .heartRate ? 0x2A37 : 0x2A53 }

    /// The kind a device is, from its advertised 16-bit service UUIDs; heart rate wins when both.
    public init?(advertisedServices: [UInt16]) {
        if advertisedServices.contains(0x180D) { self = .heartRate }
        else if advertisedServices.contains(0x1814) { self = .footpod }
        else { return nil }
    }
}
