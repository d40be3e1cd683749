/// What pacerd offers as a BLE peripheral and what it notifies: the GATT layout of the broadcast
/// kinds (each a row of `SensorProfile.table` with a `broadcast` profile, plus Device Information),
/// and, from the live readings, the value of each measurement characteristic now. What differs
/// between kinds is in their rows: nothing here names a kind.
///
/// Pure: time comes in as an argument. It keeps one piece of state, the crank revolutions it
/// synthesizes from a ride's cadence (a Cycling Power receiver computes cadence from them).
public struct BroadcastPlan: Sendable {
    public struct Characteristic: Equatable, Sendable {
        public let uuid: UInt16
        /// Measurement characteristics notify; the others (features, locations, strings) are read once.
        public let notifies: Bool
        /// What a read returns before the first notification (and always, for constant ones).
        public let initialValue: [UInt8]
    }

    public struct Service: Equatable, Sendable {
        public let uuid: UInt16
        public let characteristics: [Characteristic]
    }

    /// One value to notify.
    public struct Notification: Equatable, Sendable {
        public let characteristic: UInt16
        public let value: [UInt8]
    }

    public let kinds: [SensorKind]
    /// The broadcast kinds' rows, in table order.
    private let rows: [SensorProfile]
    /// The broadcast kinds' services in table order, then Device Information.
    public let services: [Service]
    /// The services the advertisement names (Device Information is found once connected).
    public var advertisedServices: [UInt16] { kinds.map(\.serviceUUID) }

    private var crankRevolutions = 0.0
    private var lastCrankEventSeconds = 0.0
    private var origin: MonotonicInstant?
    private var previous: MonotonicInstant?

    public init(kinds: Set<SensorKind>, deviceInformation: DeviceInformation = DeviceInformation()) {
        rows = SensorProfile.table.filter { $0.broadcast != nil && kinds.contains($0.kind) }
        self.kinds = rows.map(\.kind)
        let information = Service(uuid: DeviceInformation.service, characteristics: deviceInformation.characteristics.map {
            Characteristic(uuid: $0.characteristic, notifies: false, initialValue: $0.value)
        })
        services = rows.map { row in
            Service(uuid: row.service,
                    characteristics: [Characteristic(uuid: row.measurement, notifies: true, initialValue: [])]
                        + (row.broadcast?.constants ?? []).map { Characteristic(uuid: $0.characteristic, notifies: false, initialValue: $0.value) })
        } + [information]
    }

    /// The value of each broadcast measurement characteristic for `readings` at `now`; a kind
    /// whose value is unknown is left out (nothing is notified rather than a made-up 0).
    public mutating func notifications(for readings: BroadcastReadings, at now: MonotonicInstant) -> [Notification] {
        let crank = advanceCrank(cadence: readings.crankCadence, at: now)
        var out: [Notification] = []
        for row in rows {
            if let value = row.broadcast?.encode(readings, crank) { out.append(Notification(characteristic: row.measurement, value: value)) }
        }
        return out
    }

    /// Turns the crank at `cadence` since the last call; the event time is that of the last whole
    /// revolution, in 1/1024 s from the first call (both counters wrap, as a sensor's do).
    private mutating func advanceCrank(cadence: Double?, at now: MonotonicInstant) -> CSCMeasurement.Revolutions? {
        let start = origin ?? now
        origin = start
        defer { previous = now }
        guard let cadence, cadence.isFinite, cadence >= 0 else { return nil }
        let seconds = now.seconds(since: start)
        if let previous, cadence > 0 {
            let before = crankRevolutions.rounded(.down)
            crankRevolutions += cadence / 60 * max(0, now.seconds(since: previous))
            let whole = crankRevolutions.rounded(.down)
            if whole > before { lastCrankEventSeconds = seconds - (crankRevolutions - whole) / (cadence / 60) }
        }
        return CSCMeasurement.Revolutions(cumulative: UInt32(truncatingIfNeeded: crankRevolutions.clampedInt64(.towardZero)),
                                          lastEventTime1024: UInt16(truncatingIfNeeded: (lastCrankEventSeconds * 1024).clampedInt64()))
    }
}
