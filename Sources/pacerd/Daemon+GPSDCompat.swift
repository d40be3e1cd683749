import PacerCore
import PacerSystem

/// `[gpsd_compat]`: the daemon's fixes served in gpsd's protocol (GPSDCompatService). Off
/// unless configured; a listener that cannot open is an error at start, as the main socket is.
extension Daemon {
    func startGPSDCompat() throws {
        guard let address = settings.gpsdCompat.listen else { return }
        let mode = settings.watchPublic ? settings.socketMode | 0o006 : settings.socketMode
        let service = try GPSDCompatService(address: address, device: GPSDCompatReporter.deviceName(source: settings.gpsSource),
                                            loop: loop, socketMode: mode, groupID: policy.controlGroupID)
        service.start { [unowned self] in recorder.time(at: Daemon.now()) }
        gpsdCompat = service
        DaemonLog.info("gpsd-compatible reports on \(address)")
    }
}
