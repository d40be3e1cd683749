/// The device a source is reading, as the user would name it.
public struct GPSDeviceInfo: Equatable, Sendable, CustomStringConvertible {
    /// E.g. `serial:/dev/ttyUSB0@9600`, `gpsd:localhost:2947`.
    public var description: String
    /// The serial rate in use (detected or configured); nil for gpsd and files.
    public var baudRate: Int?

    public init(description: String, baudRate: Int? = nil) {
        self.description = description
        self.baudRate = baudRate
    }
}
