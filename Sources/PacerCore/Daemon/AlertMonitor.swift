/// Turns the stream of live values into alert EVENTs for frontends: heart-rate zone changes,
/// heart rate above/below target, GPS and sensors lost/regained, low sensor battery. Each alert
/// fires once per crossing, with hysteresis, so a value on a boundary does not chatter.
public struct AlertMonitor: Sendable {
    public var settings: AlertSettings
    private var announcedZone: Int?
    private var candidateZone: Int?
    private var candidateSince: MonotonicInstant?
    private enum Band { case low, inRange, high }
    private var band: Band = .inRange
    private var gpsState: LiveGPSState.SourceState?
    private var hadFix = false
    private var sensorStates: [String: LiveSensorState.ConnectionState] = [:]
    private var batteryWarned: Set<String> = []

    public init(settings: AlertSettings) { self.settings = settings }

    /// A heart rate (nil: none, e.g. no skin contact) and its zone, with both clocks.
    public mutating func heartRate(_ bpm: Int?, zone: Int?, at now: MonotonicInstant, time: UTCTime?) -> [LiveEvent] {
        var events: [LiveEvent] = []
        if let zone, zone != announcedZone {
            if candidateZone != zone { candidateZone = zone; candidateSince = now }
            if let since = candidateSince, now.seconds(since: since) >= settings.zoneHoldSeconds {
                var details: [(String, JSONValue)] = [("zone", .number(Double(zone)))]
                details.append(("previous", announcedZone.map { .number(Double($0)) } ?? .null))
                if let bpm { details.append(("hr", .number(Double(bpm)))) }
                events.append(LiveEvent(.zoneChanged, time: time, details: details))
                announcedZone = zone
                candidateZone = nil
                candidateSince = nil
            }
        } else if zone == announcedZone {
            candidateZone = nil
            candidateSince = nil
        }
        guard let bpm else { return events }
        let h = settings.heartRateHysteresis
        let next: Band
        if let high = settings.heartRateHigh, bpm > high || (band == .high && bpm > high - h) {
            next = .high
        } else if let low = settings.heartRateLow, bpm < low || (band == .low && bpm < low + h) {
            next = .low
        } else {
            next = .inRange
        }
        if next != band {
            let kind: LiveEvent.Kind = switch next {
            case .high: .heartRateHigh
            case .low: .heartRateLow
            case .inRange: .heartRateInRange
            }
            var details: [(String, JSONValue)] = [("hr", .number(Double(bpm)))]
            if next == .high, let high = settings.heartRateHigh { details.append(("limit", .number(Double(high)))) }
            if next == .low, let low = settings.heartRateLow { details.append(("limit", .number(Double(low)))) }
            events.append(LiveEvent(kind, time: time, details: details))
            band = next
        }
        return events
    }

    /// The GPS source's state after each change: `gps_fix`, `gps_lost` (device there, no fix)
    /// and `gps_device_lost` (the device or gpsd went away).
    public mutating func gps(_ state: LiveGPSState.SourceState, time: UTCTime?) -> [LiveEvent] {
        defer { gpsState = state }
        guard state != gpsState else { return [] }
        switch state {
        case .fix:
            defer { hadFix = true }
            return [LiveEvent(.gpsFix, time: time, details: [("regained", .bool(hadFix))])]
        case .noFix: return gpsState == .fix ? [LiveEvent(.gpsLost, time: time)] : []
        case .noDevice: return gpsState == nil ? [] : [LiveEvent(.gpsDeviceLost, time: time)]
        }
    }

    /// A sensor's state (and battery when known) after each report.
    public mutating func sensor(_ sensor: LiveSensorState, time: UTCTime?) -> [LiveEvent] {
        var events: [LiveEvent] = []
        let details: [(String, JSONValue)] = [("kind", .string(sensor.kind.rawValue)), ("address", .string(sensor.address)),
                                              ("name", sensor.name.map { .string($0) } ?? .null)]
        let previous = sensorStates[sensor.address]
        if sensor.state != previous {
            switch sensor.state {
            case .connected: events.append(LiveEvent(.sensorConnected, time: time, details: details))
            case .lost where previous == .connected: events.append(LiveEvent(.sensorLost, time: time, details: details))
            default: break
            }
            sensorStates[sensor.address] = sensor.state
        }
        if let battery = sensor.batteryPercent {
            if battery <= settings.batteryLowPercent, !batteryWarned.contains(sensor.address) {
                batteryWarned.insert(sensor.address)
                events.append(LiveEvent(.sensorBatteryLow, time: time, details: details + [("battery_pct", .number(Double(battery)))]))
            } else if battery > settings.batteryLowPercent + 5 {
                batteryWarned.remove(sensor.address)
            }
        }
        return events
    }
}
