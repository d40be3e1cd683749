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

    init(settings: BroadcastSettings, loop: EventLoop) throws {
        plan = BroadcastPlan(kinds: settings.kinds)
        peripheral = try GATTPeripheral()
        stop = try WakeupPipe()
        let inbox = try LoopInbox<String>()
        inbox.attach(to: loop) { DaemonLog.info("BLE broadcast: \($0)") }
        let application = GATTApplication(plan: plan, localName: settings.name)
        let (peripheral, stop) = (peripheral, stop)
        thread = try SystemThread(name: "pacer-bcast") {
            while !stop.isWoken {
                do {
                    let bus = try DBusConnection(address: DBusConnection.systemBusAddress)
                    try peripheral.run(bus: bus, application: application, stop: stop) { inbox.post($0) }
                } catch {
                    inbox.post("system bus: \(error); retrying in 5 s")
                    for _ in 0..<50 where !stop.isWoken { usleep(100_000) }
                }
            }
        }
    }

    var kinds: [SensorKind] { plan.kinds }

    /// A heart-rate notification from the strap: its RR intervals go out with the next value.
    func strapSent(_ measurement: HeartRateMeasurement) {
        guard measurement.isHeartRateValid, !measurement.rrIntervals1024.isEmpty else { return }
        rrIntervals.append(contentsOf: measurement.rrIntervals1024)
        if rrIntervals.count > 64 { rrIntervals.removeFirst(rrIntervals.count - 64) }
    }

    /// Notifies the values of `state` (once a second, from the daemon's tick).
    func publish(_ state: LiveState, at now: MonotonicInstant) {
        let readings = BroadcastReadings(state: state, rrIntervals1024: rrIntervals)
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
