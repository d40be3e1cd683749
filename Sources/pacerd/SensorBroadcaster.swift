#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// pacerd as a BLE sensor (`[broadcast]`): the plan (which values, encoded how) stays on the
/// event loop; the GATT peripheral runs its own D-Bus connection on a thread, reconnecting to
/// the system bus as the BLE client does, so nothing bluetoothd or a central does reaches the loop.
final class SensorBroadcaster {
    private var plan: BroadcastPlan
    private let peripheral: GATTPeripheral
    private let stop: WakeupPipe
    private var thread: SystemThread?
    /// RR intervals the strap sent since the last notification (the newest 64).
    private var rrIntervals: [UInt16] = []
    /// The sensors' own latest values with when they came, for what the STATE lacks
    /// (`BroadcastReadings.filling(from:)`); older than `LatestHeartRate.staleAfterSeconds`: gone.
    private var latest: [SensorKind: (reading: BroadcastReadings, at: MonotonicInstant)] = [:]

    init(settings: BroadcastSettings) throws {
        plan = BroadcastPlan(kinds: settings.kinds)
        peripheral = try GATTPeripheral()
        stop = try WakeupPipe()
        // The thread logs itself (one write(2) per line): its last words, the unregistration,
        // come after the loop has stopped.
        let log: @Sendable (String) -> Void = { DaemonLog.info("BLE broadcast: \($0)") }
        let application = GATTApplication(plan: plan, localName: settings.name)
        let (peripheral, stop) = (peripheral, stop)
        thread = try SystemThread(name: "pacer-bcast") {
            while !stop.isWoken {
                do {
                    let bus = try DBusConnection(address: DBusConnection.systemBusAddress)
                    try peripheral.run(bus: bus, application: application, stop: stop, log: log)
                } catch {
                    log("system bus: \(error); retrying in 5 s")
                    for _ in 0..<50 where !stop.isWoken { usleep(100_000) }
                }
            }
        }
    }

    var kinds: [SensorKind] { plan.kinds }

    /// A value a sensor sent: what its kind's row takes from it (`BroadcastProfile.reading`) is
    /// kept for when the STATE lacks it, and a strap's RR intervals go out with the next heart rate.
    func sensorSent(_ measurement: GATTMeasurement, at now: MonotonicInstant) {
        for row in SensorProfile.table {
            guard let reading = row.broadcast?.reading(measurement) else { continue }
            rrIntervals.append(contentsOf: reading.rrIntervals1024)
            if rrIntervals.count > 64 { rrIntervals.removeFirst(rrIntervals.count - 64) }
            latest[row.kind] = reading == BroadcastReadings() ? nil : (reading, now)
            return
        }
    }

    /// Notifies the values of `state`, completed by the sensors' own (once a second, from the daemon's tick).
    func publish(_ state: LiveState, at now: MonotonicInstant) {
        latest = latest.filter { now.seconds(since: $0.value.at) <= LatestHeartRate.staleAfterSeconds }
        var readings = BroadcastReadings(state: state, rrIntervals1024: rrIntervals)
        for direct in latest.values { readings = readings.filling(from: direct.reading) }
        rrIntervals.removeAll(keepingCapacity: true)
        peripheral.publish(plan.notifications(for: readings, at: now))
    }

    /// Unregisters from bluetoothd and ends the thread.
    func shutdown() {
        stop.wake()
        thread?.join()
        thread = nil
    }
}
