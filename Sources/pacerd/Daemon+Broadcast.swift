import PacerCore
import PacerSystem

/// `[broadcast]` (#18): the live values re-broadcast as standard BLE sensors. Off unless configured.
extension Daemon {
    func startSensorBroadcast() throws {
        guard settings.broadcast.isEnabled else { return }
        let broadcaster = try SensorBroadcaster(settings: settings.broadcast)
        sensorBroadcaster = broadcaster
        DaemonLog.info("re-broadcasting \(broadcaster.kinds.map(\.rawValue).joined(separator: ", ")) as '\(settings.broadcast.name)' through BlueZ")
    }

    /// `[broadcast]` changed on SIGHUP: the old GATT application unregisters, the new one (if
    /// any) registers. A failure leaves broadcasting off and the daemon recording.
    func restartSensorBroadcast() {
        sensorBroadcaster?.shutdown()
        sensorBroadcaster = nil
        do { try startSensorBroadcast() } catch { DaemonLog.error("broadcast: \(error); re-broadcasting is off") }
        if !settings.broadcast.isEnabled { DaemonLog.info("re-broadcasting off") }
    }

    /// Once a second: the values the STATE shows now.
    func tickSensorBroadcast(_ now: InputInstant) {
        guard let sensorBroadcaster else { return }
        sensorBroadcaster.publish(LiveState(time: nil, session: liveSession(at: now), gps: gps), at: now.monotonic)
    }
}
