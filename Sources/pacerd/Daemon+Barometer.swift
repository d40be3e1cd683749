import PacerCore
import PacerSystem

/// A Linux IIO barometer: read on the event loop's timer at `[altitude] iio_rate_hz` (no thread),
/// each reading handed to the recorder as the 0x2A6D pressure (and 0x2A6E temperature)
/// notification a BLE Environmental Sensing sensor would send, so the session, the BLE log and
/// replay see one input whatever the source. `PACER_IIO_ROOT` overrides `iio_root` (tests).
extension Daemon {
    func startBarometer() {
        let altitude = settings.altitude
        guard altitude.source != .gps, altitude.iioDevice != "none" else { return }
        let root = DaemonSettings.environment["PACER_IIO_ROOT"] ?? altitude.iioRoot
        guard let sensor = IIOPressureSensor.find(root: root, setting: altitude.iioDevice) else {
            if altitude.iioDevice != "auto" { DaemonLog.warning("no IIO pressure sensor '\(altitude.iioDevice)' under \(root)") }
            return
        }
        iioBarometer = sensor
        var live = LiveSensorState(kind: .barometer, address: sensor.directory, name: sensor.name, state: .searching)
        live.transport = .iio
        sensors.append(live)
        DaemonLog.info("barometer: IIO \(sensor.name) at \(sensor.directory), \(altitude.iioRateHertz) Hz")
        let interval = 1 / altitude.iioRateHertz
        iioBarometerTimer = loop.schedule(after: interval, repeating: interval, slack: interval / 2) { [unowned self] in readBarometer() }
    }

    /// `[altitude]` changed on SIGHUP: the sensor is looked for again (a board that gained its
    /// `dtoverlay` needs no restart), at the new rate. The recorder keeps the `source` it was
    /// built with: its settings are read when pacerd starts.
    func restartBarometer() {
        if let timer = iioBarometerTimer { loop.cancel(timer) }
        iioBarometerTimer = nil
        if let old = iioBarometer { sensors.removeAll { $0.kind == .barometer && $0.address == old.directory } }
        iioBarometer = nil
        startBarometer()
    }

    private func readBarometer() {
        guard let sensor = iioBarometer else { return }
        let reading = sensor.read()
        if let i = sensors.firstIndex(where: { $0.kind == .barometer && $0.address == sensor.directory }) {
            let state: LiveSensorState.ConnectionState = reading == nil ? .lost : .connected
            if sensors[i].state != state {
                sensors[i].state = state
                if reading == nil { DaemonLog.warning("barometer \(sensor.directory): no pressure reading") }
            }
        }
        guard let reading else { return }
        let input = Daemon.now()
        handle(recorder.notification(characteristic: EnvironmentalPressure.characteristic,
                                     payload: EnvironmentalPressure(pascals: reading.pascals).bytes, at: input).outputs)
        if let celsius = reading.celsius {
            handle(recorder.notification(characteristic: EnvironmentalTemperature.characteristic,
                                         payload: EnvironmentalTemperature(celsius: celsius).bytes, at: input).outputs)
        }
    }
}
