/// The Device Information Service (0x180A) strings pacerd offers when it broadcasts: a central
/// shows them when it lists the sensor. Values are UTF-8 without a terminator.
public struct DeviceInformation: Equatable, Sendable {
    public static let service: UInt16 = 0x180A
    public static let manufacturerNameCharacteristic: UInt16 = 0x2A29
    public static let modelNumberCharacteristic: UInt16 = 0x2A24
    public static let firmwareRevisionCharacteristic: UInt16 = 0x2A26

    public var manufacturer: String
    public var model: String
    public var firmware: String

    public init(manufacturer: String = "Pacer", model: String = "pacerd", firmware: String = PacerVersion.release) {
        self.manufacturer = manufacturer
        self.model = model
        self.firmware = firmware
    }

    /// Each string characteristic with its value, in the service's order.
    public var characteristics: [(characteristic: UInt16, value: [UInt8])] {
        [(DeviceInformation.manufacturerNameCharacteristic, DeviceInformation.encode(manufacturer)),
         (DeviceInformation.modelNumberCharacteristic, DeviceInformation.encode(model)),
         (DeviceInformation.firmwareRevisionCharacteristic, DeviceInformation.encode(firmware))]
    }

    /// A string value, cut at a character boundary to fit one read of the default MTU (22 bytes).
    public static func encode(_ text: String, maximumLength: Int = 22) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            guard out.count + bytes.count <= maximumLength else { break }
            out += bytes
        }
        return out
    }

    /// A string value as a central reads it: UTF-8, ending at the first NUL some devices pad with.
    public static func decode(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
