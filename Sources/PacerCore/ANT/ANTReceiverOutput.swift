/// What an `ANTReceiver` asks its driver to do, in order.
public enum ANTReceiverOutput: Equatable, Sendable {
    /// Write this message to the stick (`bytesToWrite`).
    case send(ANTMessage)
    /// A decoded reading: record it as the BLE notification it maps to.
    case reading(ANTReading, kind: SensorKind)
    /// A channel's status changed (paired, heard, lost, battery).
    case sensor(ANTSensorStatus)
    /// The stick failed to answer or refused a message: said once per failure, with what was
    /// asked; the receiver resets the stick after `retrySeconds`.
    case problem(String, retrySeconds: Double)
}
