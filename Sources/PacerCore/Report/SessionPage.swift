/// `session-ID.html`: one session — its totals, the route, pace (or speed) and altitude along
/// the distance, heart rate over time on its zone bands, power when a meter was there, laps,
/// splits, sets, the weather it started in, and its export files. Pure: the session read from
/// the journal in, the page's bytes out.
public struct SessionPage {
    /// Everything one page shows.
    public struct Input: Sendable {
        /// With samples and events.
        public var session: JournalSession
        public var summary: SessionSummary
        /// Lower bounds of zones 1...5 in bpm (the athlete's at recording time when known).
        public var zoneLowerBounds: [Int]?
        public var maxHeartRate: Int?
        /// The session's sets (strength), from the set index.
        public var sets: [StrengthSet]
        /// Each export's format name and where it is (a path relative to the page, or a name).
        public var exports: [(format: String, href: String)]
        public init(session: JournalSession, summary: SessionSummary, zoneLowerBounds: [Int]? = nil, maxHeartRate: Int? = nil,
                    sets: [StrengthSet] = [], exports: [(format: String, href: String)] = []) {
            self.session = session
            self.summary = summary
            self.zoneLowerBounds = zoneLowerBounds
            self.maxHeartRate = maxHeartRate
            self.sets = sets
            self.exports = exports
        }
    }

    public static func fileName(id: UInt64) -> String { "session-\(id).html" }

    /// Points a chart draws at most (a long ride has tens of thousands of samples).
    static let chartPoints = 240

    public let input: Input
    public let calendar: LocalCalendar
    public let preferences: DisplayPreferences

    public init(_ input: Input, calendar: LocalCalendar, preferences: DisplayPreferences) {
        self.input = input
        self.calendar = calendar
        self.preferences = preferences
    }

    var units: UnitSystem { preferences.units }
    var format: MeasurementFormatter { MeasurementFormatter(preferences) }

    /// `2026-03-01 07:00` (or `7:00 AM`) in the local zone of that moment.
    public static func localTime(_ ms: Int64, calendar: LocalCalendar, preferences: DisplayPreferences) -> String {
        let local = UTCTime(millisecondsSinceEpoch: calendar.localSeconds(milliseconds: ms) * 1000)
        let c = local.components
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let date = "\(c.year)-\(two(c.month))-\(two(c.day)) "
        if preferences.twentyFourHour { return date + two(c.hour) + ":" + two(c.minute) }
        return date + "\(c.hour % 12 == 0 ? 12 : c.hour % 12):" + two(c.minute) + (c.hour < 12 ? " AM" : " PM")
    }

    /// `Run`, `Ride`...: the activity's name as a heading.
    static func activityTitle(_ a: Activity) -> String { a.rawValue.prefix(1).uppercased() + a.rawValue.dropFirst() }

    public func html() -> [UInt8] {
        let s = input.summary, session = input.session
        var h = XMLText(capacity: 64 * 1024)
        let when = SessionPage.localTime(session.start.millisecondsSinceEpoch, calendar: calendar, preferences: preferences)
        ReportHTML.begin(title: "Pacer — \(session.activity.rawValue) \(when)", heading: SessionPage.activityTitle(session.activity) + " · " + when, into: &h)
        h.raw("<p><a href=\"index.html\">Training report</a> · <a href=\"" + SessionListPage.fileName + "\">All sessions</a></p>")
        tiles(s, into: &h)
        let samples = session.samples
        let placed = samples.compactMap { p in
            p.latitude.flatMap { lat in p.longitude.map { (time: p.time, point: RoutePlot.Point(latitude: lat, longitude: $0, distance: p.distanceMeters)) } }
        }
        if placed.count >= 2 {
            ReportHTML.section("Route", id: "route-section", into: &h)
            let course = JournalCourse(events: session.events)
            // The stretches off the course: the positions from each off_course marker to its back_on_course.
            let off = (course?.offCourse ?? []).compactMap { stretch -> Range<Int>? in
                guard let first = placed.firstIndex(where: { $0.time >= stretch.from }) else { return nil }
                let end = stretch.to.flatMap { to in placed.firstIndex { $0.time > to } } ?? placed.count
                return first..<max(first, end)
            }
            let title = "Route, \(units.distance(s.distanceMeters)) \(units.distanceUnit), marks every \(units.distanceUnit)"
                + (course.map { ", over the course \($0.name)" + (off.isEmpty ? "" : " (off it in red)") } ?? "")
            RoutePlot.svg(placed.map(\.point), title: title, markEvery: units.metresPerUnit, markUnit: units.distanceUnit,
                          course: course?.outline ?? [], offCourse: off, into: &h)
            h.raw("</section>\n")
        }
        alongDistance(samples, into: &h)
        overTime(samples, into: &h)
        segments(s, into: &h)
        workoutSteps(s, into: &h)
        strengthSets(into: &h)
        weather(into: &h)
        exports(into: &h)
        ReportHTML.end(footer: "session \(session.id) · pacerctl report", into: &h)
        return h.bytes
    }

    /// A tile for each summary row with a column (`SessionMetric.Column`) and a value.
    func tiles(_ s: SessionSummary, into h: inout XMLText) {
        let tiles = SessionMetric.Column.of(SessionSummary.metrics).compactMap { c in c.value(s, s.activity, format).map { (c.label(s.activity), $0) } }
        h.raw("<section id=\"summary\"><div class=\"tiles\">")
        for (name, value) in tiles {
            h.raw("<div class=\"tile\">"); h.escaped(name); h.raw("<b>"); h.escaped(value); h.raw("</b></div>")
        }
        h.raw("</div>")
        if s.interrupted { ReportHTML.note("Closed by recovery after a crash or power cut.", into: &h) }
        h.raw("</section>\n")
    }

    /// Pace (speed for a ride) as an area and altitude as a line, both along the distance.
    func alongDistance(_ samples: [SessionSample], into h: inout XMLText) {
        guard samples.count >= 2, (samples.last?.distanceMeters ?? 0) > 0 else { return }
        let u = units, f = format
        let xs = samples.map { $0.distanceMeters / u.metresPerUnit }
        let ride = input.session.activity == .ride
        // Below 0.5 m/s (1.8 km/h) there is no pace worth drawing: a gap, not a spike.
        let pace: [Double?] = samples.map { p in
            guard let v = p.speed, v >= 0.5 else { return nil }
            return ride ? v * 3600 / u.metresPerUnit : u.metresPerUnit / v
        }
        let altitude: [Double?] = samples.map { p in p.altitudeMSL.map { u == .metric ? $0 : $0 * MeasurementFormatter.feetPerMetre } }
        let (dx, dv) = SVGChart.downsample(xs: xs, values: [pace, altitude], to: SessionPage.chartPoints)
        let xFormat = SVGChart.AxisFormat.number(decimals: 2, unit: u.distanceUnit)
        ReportHTML.section(ride ? "Speed" : "Pace", id: "pace", into: &h)
        if dv[0].contains(where: { $0 != nil }) {
            SVGChart.lines(id: "pace-chart", title: ride ? "Speed along the distance (\(f.speedUnit))" : "Pace along the distance (min\(f.paceUnit))",
                           xTitle: "Distance", xs: dx, series: [SVGChart.Series(name: ride ? f.speedUnit : "s" + f.paceUnit, cssClass: "pace", values: dv[0])],
                           decimals: ride ? 1 : 0, xFormat: xFormat, area: true, invertY: !ride, zeroBased: ride,
                           yText: ride ? nil : { UnitSystem.clock($0) }, into: &h)
        } else {
            ReportHTML.note("No speed recorded.", into: &h)
        }
        h.raw("</section>\n")
        if dv[1].contains(where: { $0 != nil }) {
            ReportHTML.section("Altitude", id: "altitude", into: &h)
            ReportHTML.note("Source: GPS altitude above mean sea level, as the receiver reported it.", into: &h)
            SVGChart.lines(id: "altitude-chart", title: "Altitude along the distance (\(f.elevationUnit), GPS)", xTitle: "Distance", xs: dx,
                           series: [SVGChart.Series(name: f.elevationUnit, cssClass: "altitude", values: dv[1])], decimals: 0, xFormat: xFormat, into: &h)
            h.raw("</section>\n")
        }
    }

    /// Heart rate over its zone bands, and power, over the session's elapsed time.
    func overTime(_ samples: [SessionSample], into h: inout XMLText) {
        guard let t0 = samples.first?.time else { return }
        let xs = samples.map { Double($0.time.milliseconds(since: t0)) / 1000 }
        let hr: [Double?] = samples.map { $0.heartRate.map(Double.init) }
        let power: [Double?] = samples.map { $0.power.map(Double.init) }
        let (dx, dv) = SVGChart.downsample(xs: xs, values: [hr, power], to: SessionPage.chartPoints)
        let xFormat = SVGChart.AxisFormat.clock
        if dv[0].contains(where: { $0 != nil }) {
            ReportHTML.section("Heart rate", id: "heart-rate", into: &h)
            var bands: [SVGChart.Band] = []
            if let bounds = input.zoneLowerBounds, bounds.count == 5 {
                let top = Double(max(input.maxHeartRate ?? 0, bounds[4] + 15))
                for z in 0..<5 {
                    bands.append(SVGChart.Band(low: Double(bounds[z]), high: z < 4 ? Double(bounds[z + 1]) : top,
                                               cssClass: "z\(z + 1)", label: "zone \(z + 1) from \(bounds[z]) bpm"))
                }
            }
            if let zones = input.summary.heartRateZoneSeconds {
                ReportHTML.note("Time in zones 1–5: " + zones.map { UnitSystem.clock($0) }.joined(separator: " · "), into: &h)
            }
            SVGChart.lines(id: "hr-chart", title: "Heart rate over time (bpm)", xTitle: "Time", xs: dx,
                           series: [SVGChart.Series(name: "bpm", cssClass: "hr", values: dv[0])], decimals: 0, xFormat: xFormat, bands: bands, into: &h)
            h.raw("</section>\n")
        }
        if dv[1].contains(where: { $0 != nil }) {
            ReportHTML.section("Power", id: "power", into: &h)
            SVGChart.lines(id: "power-chart", title: "Power over time (W)", xTitle: "Time", xs: dx,
                           series: [SVGChart.Series(name: "W", cssClass: "power", values: dv[1])], decimals: 0, xFormat: xFormat, area: true,
                           zeroBased: true, into: &h)
            h.raw("</section>\n")
        }
    }

    /// The laps and splits tables: a column for each lap row with one (`SessionMetric.Column`).
    func segments(_ s: SessionSummary, into h: inout XMLText) {
        let columns = SessionMetric.Column.of(SegmentSummary.metrics)
        for (title, id, list) in [("Laps", "laps", s.laps), ("Splits", "splits", s.splits)] where !list.isEmpty {
            ReportHTML.section(title, id: id, into: &h)
            let rows = list.map { g in columns.map { $0.value(g, s.activity, format) ?? "--" } }
            ReportHTML.table(columns.map { $0.label(s.activity) }, rows, cssClass: id, into: &h)
            h.raw("</section>\n")
        }
    }

    func strengthSets(into h: inout XMLText) {
        guard !input.sets.isEmpty else { return }
        let pound = preferences.units == .imperial
        ReportHTML.section("Sets", id: "sets", into: &h)
        let rows = input.sets.map { s in
            [String(s.number), s.exercise, UnitSystem.fixed(pound ? s.weightKilograms / StrengthSetEntry.kilogramsPerPound : s.weightKilograms, 1)
                + (pound ? " lb" : " kg"), String(s.reps), s.heartRateAverage.map(String.init) ?? "--", s.restSeconds.map { UnitSystem.clock(Double($0)) } ?? "--"]
        }
        ReportHTML.table(["#", "Exercise", "Weight", "Reps", "Heart rate", "Rest"], rows, cssClass: "sets", into: &h)
        h.raw("</section>\n")
    }

    func weather(into h: inout XMLText) {
        guard let weather = SessionWeather(events: input.session.events) else { return }
        ReportHTML.section("Weather", id: "weather", into: &h)
        ReportHTML.note(weather.summary(preferences), into: &h)
        let text = WeatherText(preferences)
        h.raw("<ul class=\"weather\">")
        var lines = text.lines(METARDecoder.decode(weather.metar))
        if let taf = weather.taf { lines += text.lines(TAFDecoder.decode(taf)) }
        for line in lines { h.raw("<li>"); h.escaped(line); h.raw("</li>") }
        h.raw("</ul></section>\n")
    }

    func exports(into h: inout XMLText) {
        guard !input.exports.isEmpty else { return }
        ReportHTML.section("Exports", id: "exports", into: &h)
        h.raw("<ul class=\"exports\">")
        for e in input.exports {
            h.raw("<li><a href=\""); h.escaped(e.href); h.raw("\">"); h.escaped(e.href.split(separator: "/").last.map(String.init) ?? e.href)
            h.raw("</a> (" + e.format.uppercased() + ")</li>")
        }
        h.raw("</ul></section>\n")
    }
}
