/// `[broadcast]`: which of the sensor table's services pacerd re-broadcasts as a Bluetooth LE
/// peripheral (through BlueZ), so that a trainer app or a watch that only takes standard sensors
/// gets the live values. All off by default. `speed_cadence` is the Running Speed and Cadence
/// service (0x1814), fed by a footpod or the GPS speed.
///
/// ```
/// [broadcast]
/// heart_rate = yes        ; Heart Rate Service 0x180D
/// power = yes             ; Cycling Power Service 0x1818
/// speed_cadence = yes     ; Running Speed and Cadence Service 0x1814
/// name = Pacer            ; the advertised local name
/// ```
public struct BroadcastSettings: Equatable, Sendable {
    /// Kinds whose service is broadcast (each a row of `SensorProfile.table` with a `broadcast` profile).
    public var kinds: Set<SensorKind> = []
    public var name = "Pacer"
    public static let maximumNameLength = 18
    public init() {}

    public var isEnabled: Bool { !kinds.isEmpty }
}

extension PacerConfig {
    mutating func applyBroadcastKey(key: String, parser p: ConfigValueParser) throws {
        if let row = SensorProfile.table.first(where: { $0.broadcast?.configKey == key }) {
            if try p.boolean() { broadcast.kinds.insert(row.kind) } else { broadcast.kinds.remove(row.kind) }
            return
        }
        guard key == "name" else {
            let keys = SensorProfile.table.compactMap(\.broadcast?.configKey) + ["name"]
            throw ConfigValueProblem("unknown key (known: \(keys.joined(separator: ", ")))")
        }
        let name = try p.nonEmpty()
        // 31 advertising bytes: flags (3), three 16-bit service UUIDs (2 + 6), the name's header (2).
        guard name.utf8.count <= BroadcastSettings.maximumNameLength else {
            throw ConfigValueProblem("'\(name)' is longer than \(BroadcastSettings.maximumNameLength) bytes (an advertisement has 31)")
        }
        broadcast.name = name
    }
}
