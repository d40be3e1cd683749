/// `sessions.html`: every session, newest first, each linking to its page. The dashboard
/// shows the first rows of the same table.
public enum SessionListPage {
    public static let fileName = "sessions.html"

    public static func html(_ model: ReportModel, preferences: DisplayPreferences) -> [UInt8] {
        var h = XMLText(capacity: 200 * model.sessions.count + 4096)
        ReportHTML.begin(title: "Pacer — all sessions", heading: "All sessions", into: &h)
        h.raw("<p><a href=\"index.html\">Training report</a></p>")
        ReportHTML.section("\(model.sessions.count) sessions", id: "sessions", into: &h)
        table(model.sessions[...], calendar: model.calendar, preferences: preferences, into: &h)
        h.raw("</section>")
        ReportHTML.end(footer: "pacerctl report", into: &h)
        return h.bytes
    }

    static func table(_ rows: ArraySlice<ReportModel.SessionRow>, calendar: LocalCalendar, preferences: DisplayPreferences, into h: inout XMLText) {
        let units = preferences.units
        h.raw("<table class=\"sessions\"><thead><tr><th>Date</th><th>Activity</th><th>Distance</th><th>Moving</th><th>Pace</th></tr></thead><tbody>")
        for r in rows {
            h.raw("<tr><td><a href=\"" + SessionPage.fileName(id: r.id) + "\">")
            h.escaped(r.start.map { SessionPage.localTime($0, calendar: calendar, preferences: preferences) } ?? "session \(r.id)")
            h.raw("</a></td><td>" + r.activity.rawValue + "</td><td>" + units.distance(r.distanceMeters) + " " + units.distanceUnit
                  + "</td><td>" + UnitSystem.clock(r.movingSeconds) + "</td><td>" + units.pace(metres: r.distanceMeters, seconds: r.movingSeconds)
                  + "</td></tr>")
        }
        h.raw("</tbody></table>\n")
    }
}
