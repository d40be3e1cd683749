#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// The BLE side of the daemon: the BlueZ client runs its own D-Bus loop on a thread and posts
/// its events, stamped with the instant they arrived, to the event loop; here they feed the
/// recorder (raw, as the sensor sent them) and the sensor alerts.
extension Daemon {
    func startSensors() throws {
        guard settings.sensors == .bluez else { return }
        let inbox = try LoopInbox<(BlueZClientEvent, MonotonicInstant)>()
        inbox.attach(to: loop) { [unowned self] event, instant in handleSensor(event, at: instant) }
        let wakeup = try WakeupPipe()
        var configuration = BlueZClient.Configuration()
        for (kind, text) in settings.sensorAddresses {
            guard let address = try? BluetoothAddress(text) else { continue }
            configuration.devices.append(address)
            configuration.deviceKinds[address] = kind
        }
        configuration.writes = trainerWrites
        configuration.autoKinds = Set(SensorKind.allCases).subtracting(settings.sensorAddresses.keys).subtracting(settings.antDeviceNumbers.keys)
        let sensorConfiguration = configuration
        sensorThread = try SystemThread(name: "pacer-ble") {
            // The bus may not be up yet at boot, or may restart: keep trying until told to stop.
            while !wakeup.isWoken {
                do {
                    let bus = try DBusConnection(address: DBusConnection.systemBusAddress)
                    let client = BlueZClient(bus: bus, configuration: sensorConfiguration) { event in
                        inbox.post((event, Clocks.monotonic()))
                    }
                    try client.run(wakeup: wakeup)
                } catch {
                    inbox.post((.log("system bus: \(error); retrying in 5 s"), Clocks.monotonic()))
                    for _ in 0..<50 where !wakeup.isWoken { usleep(100_000) }
                }
            }
        }
        sensorWakeup = wakeup
        sensorInbox = inbox
    }

    func stopSensors() {
        sensorWakeup?.wake()
        sensorThread?.join()
    }

    func handleSensor(_ event: BlueZClientEvent, at instant: MonotonicInstant) {
        switch event {
        case .status(let status):
            let live = LiveSensorState(status)
            if let i = sensors.firstIndex(where: { $0.address == live.address }) { sensors[i] = live } else { sensors.append(live) }
            DaemonLog.info("sensor \(status.summary)")
            for alert in alerts.sensor(live, time: recorder.time(at: Daemon.now(monotonic: instant))) { broadcast(alert) }
            broadcastState()
        case let .notification(_, notification, decoded):
            guard admit(notification.characteristic, from: .ble, at: instant) else { return }
            let input = Daemon.now(monotonic: instant)
            let (outputs, measurement) = recorder.notification(characteristic: notification.characteristic,
                                                               payload: notification.payload, decoded: .success(decoded), at: input)
            handle(outputs)
            if let measurement { sensorBroadcaster?.sensorSent(measurement, at: instant) }
        case let .malformed(address, notification, reason):
            // Counted (and logged beside the session) by the recorder like any value.
            handle(recorder.notification(characteristic: notification.characteristic, payload: notification.payload,
                                         decoded: .failure(reason), at: Daemon.now(monotonic: instant)).outputs)
            DaemonLog.log(.debug, "malformed value from \(address): \(notification.logLine): \(reason)")
        case .log(let text):
            DaemonLog.info("BLE: \(text)")
        }
    }

    /// One radio per sensor kind (`SensorRadioChoice`): false drops a value the other radio's
    /// sensor of that kind already gives; a change of radio is logged.
    func admit(_ characteristic: UInt16, from transport: LiveSensorState.Transport, at instant: MonotonicInstant) -> Bool {
        switch radioChoice.judge(characteristic: characteristic, from: transport, at: instant) {
        case .accept: return true
        case .drop: return false
        case let .takeOver(kind, from):
            if let from {
                DaemonLog.info("\(kind.rawValue) now read over \(transport.rawValue): \(from.rawValue) silent for "
                    + "\(SensorRadioChoice.handoverSeconds.wholeText()) s (\(radioChoice.dropped[kind] ?? 0) duplicate values dropped so far)")
            } else if antSource != nil {
                DaemonLog.info("\(kind.rawValue) read over \(transport.rawValue); the other radio's \(kind.rawValue) is dropped while this one speaks")
            }
            return true
        }
    }
}

extension LiveSensorState {
    init(_ s: BlueZSensorStatus) {
        let state: ConnectionState
        switch s.state {
        case .streaming, .connected: state = .connected
        case .scanning, .connecting: state = .searching
        case .disconnected: state = .lost
        }
        self.init(kind: s.kind ?? .heartRate, address: s.address, name: s.name,
                  state: state, batteryPercent: s.batteryPercent)
    }
}
