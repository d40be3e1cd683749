/// How pacerd re-broadcasts one sensor kind as a BLE peripheral (`[broadcast]`): the broadcast
/// columns of the kind's `SensorProfile` row, so that a broadcast kind is one row like any other.
/// `BroadcastSettings` reads `configKey`, `BroadcastPlan` lays the service out with `constants` and
/// notifies what `encode` makes of the live readings, and pacerd's `SensorBroadcaster` keeps what
/// `reading` takes from the kind's own sensor.
public struct BroadcastProfile: Sendable {
    /// `[broadcast]` key that turns it on.
    public let configKey: String
    /// The read-only characteristics the service requires beside its measurement (features,
    /// sensor location), with their constant values, in the service's order.
    public let constants: [(characteristic: UInt16, value: [UInt8])]
    /// The measurement characteristic's value for `readings`; nil when what it needs is unknown
    /// (nothing is notified rather than a made-up 0). `crank`: the revolutions `BroadcastPlan`
    /// synthesizes from a ride's cadence, nil without one.
    let encode: @Sendable (_ readings: BroadcastReadings, _ crank: CSCMeasurement.Revolutions?) -> [UInt8]?
    /// What a value from the kind's own sensor gives the broadcast while the STATE lacks it
    /// (`BroadcastReadings.filling(from:)`), RR intervals included; nil: the value is not this
    /// kind's. An empty reading (a strap that has no heart rate) forgets the last one.
    public let reading: @Sendable (GATTMeasurement) -> BroadcastReadings?
}
