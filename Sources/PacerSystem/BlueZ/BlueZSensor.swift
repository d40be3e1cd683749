import PacerCore

/// One sensor the BlueZ client follows, by address (stable across bluetoothd restarts,
/// unlike object paths): its link state machine and what it learned from BlueZ.
final class BlueZSensor {
    let address: String
    var kind: SensorKind?
    var name: String?
    var link: SensorLink
    var devicePath: String?
    var measurementPath: String?
    var measurementUUID: UInt16?
    var batteryPath: String?
    var subscribed = false
    var batteryRequested = false
    /// A smart trainer's control point, power range and status: path -> characteristic.
    var auxiliaryPaths: [String: UInt16] = [:]
    var trainerSetUp = false
    /// The SOCK_SEQPACKET socket from AcquireNotify, or -1.
    var notifyFD: Int32 = -1
    /// When the notification socket hung up, until the drop is decided.
    var socketLostAt: MonotonicInstant?
    var battery: Int?
    var heartRate = LatestHeartRate()
    var malformed = 0
    /// Bumped on every drop, so replies to calls made for an older link are ignored.
    var generation = 0
    var lastReportKey = ""

    init(address: String, kind: SensorKind?, backoff: ReconnectBackoff) {
        self.address = address
        self.kind = kind
        link = SensorLink(backoff: backoff)
    }

    func status(at now: MonotonicInstant) -> BlueZSensorStatus {
        BlueZSensorStatus(address: address, name: name, kind: kind, state: link.state, lastDropReason: link.lastDropReason,
                          batteryPercent: battery, heartRate: heartRate.reading(at: now), recoveries: link.recoveries,
                          malformedCount: malformed)
    }

    /// What changes deserve a status event (not every new bpm value).
    func reportKey(at now: MonotonicInstant) -> String {
        let freshness: String
        switch heartRate.reading(at: now) {
        case .current?: freshness = "current"
        case .stale?: freshness = "stale"
        case .noContact?: freshness = "no-contact"
        case nil: freshness = "none"
        }
        return "\(link.state)|\(link.lastDropReason ?? "")|\(battery ?? -1)|\(freshness)|\(kind?.rawValue ?? "")|\(name ?? "")"
    }
}
