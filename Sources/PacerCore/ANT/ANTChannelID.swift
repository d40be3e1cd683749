/// Who a channel talks to: device number, device type and transmission type (message 0x51, and
/// the extended part of received data). A receiver sets 0 in a field to accept any value there
/// (a wildcard search); the stick reports the real values once it found a device.
public struct ANTChannelID: Hashable, Sendable {
    public var deviceNumber: UInt16
    /// The ANT+ device type (120 heart rate, 11 power, ...) in bits 0-6; bit 7 is the pairing bit.
    public var deviceTypeByte: UInt8
    /// Bits 4-7 extend the device number to 20 bits on newer devices; bits 0-3 say whether the
    /// device has a shared channel and global pages.
    public var transmissionType: UInt8

    public init(deviceNumber: UInt16 = 0, deviceType: UInt8, transmissionType: UInt8 = 0, pairing: Bool = false) {
        self.deviceNumber = deviceNumber
        self.deviceTypeByte = deviceType & 0x7F | (pairing ? 0x80 : 0)
        self.transmissionType = transmissionType
    }

    public var deviceType: UInt8 { deviceTypeByte & 0x7F }
    public var isPairing: Bool { deviceTypeByte & 0x80 != 0 }

    /// The 20-bit number a person sees on a device's label or a watch's sensor list.
    public var extendedDeviceNumber: UInt32 { UInt32(transmissionType >> 4) << 16 | UInt32(deviceNumber) }

    /// Four bytes as in message 0x51 after its channel byte: number (little-endian), type, transmission type.
    var bytes: [UInt8] { [UInt8(deviceNumber & 0xFF), UInt8(deviceNumber >> 8), deviceTypeByte, transmissionType] }

    init(bytes b: ArraySlice<UInt8>) {
        let i = b.startIndex
        deviceNumber = UInt16(b[i]) | UInt16(b[i + 1]) << 8
        deviceTypeByte = b[i + 2]
        transmissionType = b[i + 3]
    }
}
