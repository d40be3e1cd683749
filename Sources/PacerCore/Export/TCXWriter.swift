/// Garmin Training Center XML v2: one Activity, a Lap per lap with its totals, and a Track of
/// Trackpoints with position, altitude, distance, heart rate and cadence (run cadence in the
/// ActivityExtension v2 `RunCadence`, per leg; ride cadence in `Cadence`; power in the
/// extension's `Watts` per point and `AvgWatts`/`MaxWatts` per lap).
public enum TCXWriter {
    /// A lap's elements before its Track, in the order the schema's sequence (ActivityLap_t) requires:
    /// the writer's own and those of the lap metric rows (`SessionMetric.tcx`).
    static let lapSequence = ["TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm",
                              "MaximumHeartRateBpm", "Intensity", "Cadence", "TriggerMethod"]

    public static func write(_ session: ExportSession) -> [UInt8] {
        let s = session.summary
        let ride = s.activity == .ride
        var x = XMLText(capacity: 512 + session.samples.count * 300)
        x.raw(#"<?xml version="1.0" encoding="UTF-8"?>"#); x.raw("\n")
        x.raw(#"<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" "#)
        x.raw(#"xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" "#)
        x.raw(#"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">"#)
        let sport = s.activity.profile.tcxSport
        x.raw("\n<Activities>\n<Activity Sport=\"" + sport + "\">\n")
        let start = s.start ?? session.samples.first?.time ?? UTCTime(millisecondsSinceEpoch: 0)
        x.element("Id", XMLText.time(start))
        let laps = session.laps
        let totalDistance = max(s.distanceMeters, 1e-9)
        for lap in laps {
            let t = lap.totals
            x.raw("\n<Lap StartTime=\"" + XMLText.time(t.start ?? start) + "\">")
            let calories = laps.count == 1 ? (s.calories ?? 0) : (s.calories ?? 0) * t.distanceMeters / totalDistance
            for element in lapSequence {
                switch element {
                case "MaximumSpeed":
                    if let v = session.maxSpeed(lap.samples) ?? (laps.count == 1 ? s.maxSpeed : nil) { x.element("MaximumSpeed", v, decimals: 3) }
                case "Calories":
                    // Required by the schema: a value that is no count (damage) is written as 0.
                    x.element("Calories", String(min(65_535, max(0, calories.roundedInt() ?? 0))))
                case "MaximumHeartRateBpm":
                    if let hr = session.maxHeartRate(lap.samples) { x.raw("<MaximumHeartRateBpm>"); x.element("Value", String(hr)); x.raw("</MaximumHeartRateBpm>") }
                case "Intensity": x.element("Intensity", "Active")
                case "TriggerMethod": x.element("TriggerMethod", "Manual")
                default: for m in SegmentSummary.metrics where m.tcx?.element == element { m.writeTCX(of: t, ride: ride, into: &x) }
                }
            }
            x.raw("\n<Track>\n")
            for i in lap.samples {
                let p = session.samples[i]
                x.raw("<Trackpoint>")
                x.element("Time", XMLText.time(p.time))
                if let lat = p.latitude, let lon = p.longitude {
                    x.raw("<Position>"); x.element("LatitudeDegrees", lat, decimals: 7); x.element("LongitudeDegrees", lon, decimals: 7); x.raw("</Position>")
                }
                if let a = p.altitudeMSL { x.element("AltitudeMeters", a, decimals: 2) }
                x.element("DistanceMeters", p.distanceMeters, decimals: 2)
                if let hr = p.heartRate { x.raw("<HeartRateBpm>"); x.element("Value", String(min(255, max(1, hr)))); x.raw("</HeartRateBpm>") }
                if ride, let c = p.cadence?.roundedInt() { x.element("Cadence", String(min(254, max(0, c)))) }
                if p.speed != nil || p.power != nil || (!ride && p.cadence != nil) {
                    x.raw("<Extensions><ns3:TPX>")
                    if let v = p.speed { x.element("ns3:Speed", v, decimals: 3) }
                    if !ride, let c = p.cadence.flatMap({ ($0 / 2).roundedInt() }) { x.element("ns3:RunCadence", String(min(254, max(0, c)))) }
                    if let w = p.power { x.element("ns3:Watts", String(min(65535, max(0, w)))) }
                    x.raw("</ns3:TPX></Extensions>")
                }
                x.raw("</Trackpoint>\n")
            }
            x.raw("</Track>\n")
            if SegmentSummary.metrics.contains(where: { $0.hasLapExtension(of: t) }) {
                x.raw("<Extensions><ns3:LX>")
                for m in SegmentSummary.metrics { if case .watts = m.tcx?.form { m.writeTCX(of: t, ride: ride, into: &x) } }
                x.raw("</ns3:LX></Extensions>\n")
            }
            x.raw("</Lap>")
        }
        // The schema's order: Lap+, Notes, Training, Creator.
        if let weather = SessionWeather(events: session.events) { x.raw("\n"); x.element("Notes", weather.summary(DisplayPreferences())) }
        x.raw("\n<Creator xsi:type=\"Device_t\"><Name>Pacer</Name><UnitId>0</UnitId><ProductID>0</ProductID>")
        x.raw("<Version><VersionMajor>0</VersionMajor><VersionMinor>1</VersionMinor></Version></Creator>")
        x.raw("\n</Activity>\n</Activities>\n</TrainingCenterDatabase>\n")
        return x.bytes
    }
}
