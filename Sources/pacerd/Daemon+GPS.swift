#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// The GPS side of the daemon: the source is served by the daemon's loop (the device is one more
/// descriptor in its epoll set); its events update the GPS state, feed the recorder (each fix
/// with the instant it arrived) and raise GPS alerts.
extension Daemon {
    func startGPS() throws {
        let spec: GPSSourceSpec
        do { spec = try GPSSourceSpec(parsing: settings.gpsSource) } catch {
            throw UsageError("GPS source '\(settings.gpsSource)': \(error.message)")
        }
        let source = GPSSource(spec: spec)
        gpsSource = source
        source.attach(to: loop) { [unowned self] event in handleGPS(event, at: Clocks.monotonic()) }
    }

    func stopGPS() {
        gpsSource?.stop()
        gpsSource = nil
    }

    func handleGPS(_ event: GPSEvent, at instant: MonotonicInstant) {
        let previous = gps.state
        gps.apply(event)
        gpsdCompat?.gps(event, wallClock: Clocks.wall())
        switch event {
        case .fix(let fix):
            handle(recorder.fix(fix, at: Daemon.now(monotonic: instant)))
        case .fixLost:
            break
        case .deviceOpened(let info):
            DaemonLog.info("GPS \(info.description) opened")
        case .deviceResumed(let info):
            DaemonLog.notice("GPS \(info.description) is back")
        case let .deviceLost(reason, retry):
            DaemonLog.warning("GPS lost: \(reason)" + (retry > 0 ? "; retrying in \(retry.wholeText()) s" : ""))
        case .counters(let c):
            DaemonLog.log(.debug, "GPS counters: \(c)")
        case .endOfStream:
            DaemonLog.notice("GPS recording ended")
        }
        if gps.state != previous {
            for alert in alerts.gps(gps.state, time: recorder.time(at: Daemon.now(monotonic: instant))) { broadcast(alert) }
            notifier.notify("STATUS=\(statusLine())")
        }
        if case .fix = event { broadcastState() } else if gps.state != previous { broadcastState() }
    }
}
