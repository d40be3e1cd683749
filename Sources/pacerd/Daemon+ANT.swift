import PacerCore
import PacerSystem

/// The ANT+ side of the daemon (`[sensors] ant`): the stick's tty is one more descriptor on the
/// loop; `ANTReceiver` decides everything (channels, pairing, searching again). Readings go to
/// the recorder as the BLE notifications they map to, so the journal, the BLE log, STATE and
/// replay see one input whatever the transport. `PACER_SYSFS_ROOT` overrides /sys (tests).
extension Daemon {
    func startANT() {
        guard settings.antStick != "off" else { return }
        let source = ANTStickSource(setting: settings.antStick, requests: ANTReceiver.requests(config: settings),
                                    sysfsRoot: DaemonSettings.environment["PACER_SYSFS_ROOT"] ?? "/sys")
        antSource = source
        for status in source.receiver.statuses { updateANTSensor(status) }
        source.attach(to: loop) { [unowned self] event, instant in handleANT(event, at: instant) }
    }

    /// A reload that changes `[sensors] ant` or a kind's `ant:N`: the stick closed and opened
    /// again with the new channels (its sensors leave STATE and come back as they are found).
    func restartANT() {
        antSource?.stop()
        antSource = nil
        sensors.removeAll { $0.transport == .ant }
        startANT()
        broadcastState()
    }

    func handleANT(_ event: ANTStickEvent, at instant: MonotonicInstant) {
        let name = antSource?.path ?? settings.antStick
        switch event {
        case .opened(let path):
            DaemonLog.info("ANT stick \(path) opened")
        case let .lost(reason, retry):
            DaemonLog.warning("ANT stick \(name): \(reason); retrying in \((retry * 1000).wholeText()) ms")
        case .receiver(.reading(let reading, _)):
            guard admit(reading.characteristic, from: .ant, at: instant) else { return }
            let (outputs, measurement) = recorder.notification(characteristic: reading.characteristic, payload: reading.payload,
                                                               at: Daemon.now(monotonic: instant))
            handle(outputs)
            if let measurement { sensorBroadcaster?.sensorSent(measurement, at: instant) }
        case .receiver(.sensor(let status)):
            let live = updateANTSensor(status)
            DaemonLog.info("ANT+ \(status.profileName) \(live.address) \(status.state.rawValue)")
            for alert in alerts.sensor(live, time: recorder.time(at: Daemon.now(monotonic: instant))) { broadcast(alert) }
            broadcastState()
        case let .receiver(.problem(text, retry)):
            DaemonLog.warning("ANT stick \(name): \(text); resetting it in \(retry.wholeText(.up)) s")
        case .receiver(.send):
            break
        }
    }

    /// The STATE entry of a channel, kept at the channel's place among the sensors.
    @discardableResult
    private func updateANTSensor(_ status: ANTSensorStatus) -> LiveSensorState {
        let state: LiveSensorState.ConnectionState = switch status.state {
        case .tracking: .connected
        case .searching: .searching
        case .lost: .lost
        }
        let address = "ant:" + (status.deviceNumber.map { "\($0)" } ?? "\(status.deviceType)")
        var live = LiveSensorState(kind: status.kind, address: address, name: "ANT+ " + status.profileName, state: state,
                                   batteryPercent: status.batteryPercent)
        live.transport = .ant
        live.deviceNumber = status.deviceNumber
        let channelName = live.name
        if let i = sensors.firstIndex(where: { $0.transport == .ant && $0.name == channelName }) { sensors[i] = live } else { sensors.append(live) }
        return live
    }
}
