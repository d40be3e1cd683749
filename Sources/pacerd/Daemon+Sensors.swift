#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// The BLE side of the daemon: the BlueZ client runs its own D-Bus loop on a thread and posts
/// its events, stamped with the instant they arrived, to the event loop; here they feed the
/// engine, the unattended recorder (skin contact) and the sensor alerts.
extension Daemon {
    func startSensors() throws {
        guard settings.sensors == .bluez else { return }
        let inbox = try LoopInbox<(BlueZClientEvent, MonotonicInstant)>()
        inbox.attach(to: loop) { [unowned self] event, instant in handleSensor(event, at: instant) }
        let wakeup = try WakeupPipe()
        let devices = [settings.heartRateAddress, settings.footpodAddress, settings.bikeSensorAddress]
            .compactMap { $0 }.compactMap { try? BluetoothAddress($0) }
        sensorThread = try SystemThread(name: "pacer-ble") {
            // The bus may not be up yet at boot, or may restart: keep trying until told to stop.
            while !wakeup.isWoken {
                do {
                    let bus = try DBusConnection(address: DBusConnection.systemBusAddress)
                    let client = BlueZClient(bus: bus, configuration: .init(devices: devices)) { event in
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
            for alert in alerts.sensor(live, time: currentTime(instant)) { broadcast(alert) }
            broadcastState()
        case let .notification(_, _, measurement):
            switch measurement {
            case .heartRate(let m):
                let reading = HeartRateReading(m)
                engine.handle(heartRate: reading, at: engineInstant(instant)) { handle($0) }
                unattended.observeContact(reading.acceptedHeartRate != nil, at: instant)
                for alert in alerts.heartRate(reading.acceptedHeartRate, zone: session == nil ? nil : heartRateZone, at: instant, time: currentTime(instant)) {
                    broadcast(alert)
                }
            case .runningSpeedCadence(let m):
                let reading = FootpodReading(m)
                engine.handle(footpod: reading, at: engineInstant(instant)) { handle($0) }
                unattended.observeFootpodCadence(reading.cadence)
            case .cyclingSpeedCadence(let m):
                engine.handle(bike: BikeSensorReading(m), at: engineInstant(instant)) { handle($0) }
            case .batteryLevel:
                break
            }
        case let .malformed(address, notification, reason):
            DaemonLog.log(.debug, "malformed value from \(address): \(notification.logLine): \(reason)")
        case .log(let text):
            DaemonLog.info("BLE: \(text)")
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
        self.init(kind: s.kind == .footpod ? .footpod : .heartRate, address: s.address, name: s.name,
                  state: state, batteryPercent: s.batteryPercent)
    }
}
