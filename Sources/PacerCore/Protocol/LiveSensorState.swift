/// One sensor in a STATE report: what it is, how it reaches us, and whether it is talking to us.
public struct LiveSensorState: Equatable, Sendable {
    /// The sensor table's kinds: STATE shows the row's name.
    public typealias Kind = SensorKind

    public enum ConnectionState: String, Sendable {
        case searching, connected, lost
    }

    /// How the readings arrive. STATE before ANT+ had no `transport`: a reader takes its absence as `ble`.
    public enum Transport: String, Sendable {
        case ble, ant, iio
    }

    public var kind: Kind
    /// A Bluetooth address, `ant:NUMBER` (or `ant:KIND` while searching), or an IIO directory.
    public var address: String
    public var name: String?
    public var state: ConnectionState
    public var batteryPercent: Int?
    public var transport = Transport.ble
    /// An ANT+ device's 20-bit number, once paired.
    public var deviceNumber: UInt32?

    public init(kind: Kind, address: String, name: String? = nil, state: ConnectionState, batteryPercent: Int? = nil) {
        self.kind = kind
        self.address = address
        self.name = name
        self.state = state
        self.batteryPercent = batteryPercent
    }

    init?(json: JSONValue) {
        guard let kind = json["kind"]?.string.flatMap(Kind.init(rawValue:)),
              let state = json["state"]?.string.flatMap(ConnectionState.init(rawValue:)),
              let battery = json.optionalInteger("battery_pct"), let number = json.optionalInteger("device_number") else { return nil }
        let transport = json["transport"]?.string.flatMap(Transport.init(rawValue:)) ?? .ble
        self.init(kind: kind, address: json["address"]?.string ?? "", name: json["name"]?.string, state: state,
                  batteryPercent: battery)
        self.transport = transport
        deviceNumber = number.flatMap { UInt32(exactly: $0) }
    }

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("kind"); w.value(kind.rawValue)
        w.key("address"); w.value(address)
        w.key("name"); w.value(name)
        w.key("state"); w.value(state.rawValue)
        w.key("battery_pct"); w.value(batteryPercent)
        w.key("transport"); w.value(transport.rawValue)
        w.key("device_number"); w.value(deviceNumber.map { Int($0) })
        w.endObject()
    }
}
