/// GPX 1.1 with Garmin's TrackPointExtension v1 for heart rate and cadence (the version
/// Strava reads). Points without a position are left out (GPX requires lat/lon); a resume
/// after a pause starts a new track segment. Running cadence is written per leg (spm / 2),
/// as Garmin devices do.
public enum GPXWriter {
    public static func write(_ session: ExportSession) -> [UInt8] {
        let s = session.summary
        var x = XMLText(capacity: 128 + session.samples.count * 200)
        x.raw(#"<?xml version="1.0" encoding="UTF-8"?>"#); x.raw("\n")
        x.raw(#"<gpx version="1.1" creator="Pacer" xmlns="http://www.topografix.com/GPX/1/1" "#)
        x.raw(#"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" "#)
        x.raw(#"xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" "#)
        x.raw(#"xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd "#)
        x.raw(#"http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">"#)
        x.raw("\n<metadata>")
        x.element("name", title(s))
        if let weather = SessionWeather(events: session.events) { x.element("desc", weather.summary(DisplayPreferences())) }
        if let start = s.start { x.element("time", XMLText.time(start)) }
        x.raw("</metadata>\n<trk>")
        x.element("name", title(s))
        x.element("type", gpxType(s.activity))
        x.raw("\n<trkseg>\n")
        let halve = s.activity != .ride
        var resumes = session.resumeTimes[...]
        var pointsInSegment = 0
        for p in session.samples {
            if let r = resumes.first, p.time >= r {
                while let r = resumes.first, p.time >= r { resumes = resumes.dropFirst() }
                if pointsInSegment > 0 { x.raw("</trkseg>\n<trkseg>\n"); pointsInSegment = 0 }
            }
            guard let lat = p.latitude, let lon = p.longitude else { continue }
            x.raw(#"<trkpt lat=""#); x.raw(UnitSystem.fixed(lat, 7)); x.raw(#"" lon=""#); x.raw(UnitSystem.fixed(lon, 7)); x.raw(#"">"#)
            if let ele = p.altitudeMSL { x.element("ele", ele, decimals: 2) }
            x.element("time", XMLText.time(p.time))
            if p.heartRate != nil || p.cadence != nil {
                x.raw("<extensions><gpxtpx:TrackPointExtension>")
                if let hr = p.heartRate { x.element("gpxtpx:hr", String(min(255, max(0, hr)))) }
                if let c = p.cadence, let cad = (halve ? c / 2 : c).roundedInt() {
                    x.element("gpxtpx:cad", String(min(254, max(0, cad))))
                }
                x.raw("</gpxtpx:TrackPointExtension></extensions>")
            }
            x.raw("</trkpt>\n")
            pointsInSegment += 1
        }
        x.raw("</trkseg>\n</trk>\n</gpx>\n")
        return x.bytes
    }

    static func gpxType(_ a: Activity) -> String {
        a.profile.gpxType
    }

    static func title(_ s: SessionSummary) -> String {
        s.activity.profile.title + (s.start.map { " " + $0.rfc3339 } ?? "")
    }
}
