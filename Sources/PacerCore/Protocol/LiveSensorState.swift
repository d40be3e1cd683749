/// One BLE sensor in a STATE report: what it is and whether it is talking to us.
public struct LiveSensorState: Equatable, Sendable {
    /// The sensor table's kinds: STATE shows the row's name.
    public typealias Kind = SensorKind

    public enum ConnectionState: String, Sendable {
        case searching, connected, lost
    }

    public var kind: Kind
    public var address: String
    public var name: String?
    public var state: ConnectionState
    public var batteryPercent: Int?

    public init(kind: Kind, address: String, name: String? = nil, state: ConnectionState, batteryPercent: Int? = nil) {
        self.kind = kind
        self.address = address
        self.name = name
        self.state = state
        self.batteryPercent = batteryPercent
    }

    func write(into w: inout JSONWriter) {
        w.beginObject()
        w.key("kind"); w.value(kind.rawValue)
        w.key("address"); w.value(address)
        w.key("name"); w.value(name)
        w.key("state"); w.value(state.rawValue)
        w.key("battery_pct"); w.value(batteryPercent)
        w.endObject()
    }

    init?(json: JSONValue) {
        guard let kind = json["kind"]?.string.flatMap(Kind.init(rawValue:)),
              let state = json["state"]?.string.flatMap(ConnectionState.init(rawValue:)),
              let battery = json.optionalInteger("battery_pct") else { return nil }
        self.init(kind: kind, address: json["address"]?.string ?? "", name: json["name"]?.string, state: state,
                  batteryPercent: battery)
    }
}
