/// The metric tables, in the order the summary JSON and the human summary give them.
extension SessionSummary: MetricTable {
    public static let metrics: [SessionMetric<SessionSummary>] = [
        Metric("start", .time(get: { $0.start }, set: { $0.start = $1 }), json: .time("start"), journal: (0, 0),
               lines: [Line(label: "start") { s, _ in s.start?.rfc3339 ?? "-" }]),
        Metric("end", .time(get: { $0.end }, set: { $0.end = $1 }), json: .time("end"), journal: (4, 1),
               lines: [Line(label: "end") { s, _ in s.end?.rfc3339 ?? "-" }]),
        Metric("elapsed s", .double(get: { $0.elapsedSeconds }, set: { $0.elapsedSeconds = $1 }), json: .number("elapsed_s", decimals: 3),
               journal: (1, 2), lines: [Line(label: "elapsed") { s, _ in UnitSystem.clock(s.elapsedSeconds) }],
               fit: FIT(7, .uint32, scale: 1000), column: Column(2, "Elapsed") { s, _, f in f.duration(s.elapsedSeconds) }),
        Metric("moving s", .double(get: { $0.movingSeconds }, set: { $0.movingSeconds = $1 }), json: .number("moving_s", decimals: 3),
               journal: (5, 3), lines: [Line(label: "moving") { s, _ in UnitSystem.clock(s.movingSeconds) }],
               fit: FIT(8, .uint32, scale: 1000), column: Column(1, "Moving") { s, _, f in f.duration(s.movingSeconds) }),
        Metric("distance m", .double(get: { $0.distanceMeters }, set: { $0.distanceMeters = $1 }), json: .number("distance_m", decimals: 2),
               journal: (9, 4), lines: [Line(label: "distance") { s, u in UnitSystem.fixed(s.distanceMeters / u.metresPerUnit, 2) + " " + u.distanceUnit }],
               fit: FIT(9, .uint32, scale: 100),
               column: Column(0, "Distance") { s, _, f in f.distance(s.distanceMeters) + " " + f.distanceUnit }),
        Metric("average speed m/s", .double(get: { $0.averageSpeed }, set: { $0.averageSpeed = $1 }), json: .number("avg_speed_mps", decimals: 3),
               journal: (13, 5), lines: [Line(label: "avg pace") { s, u in u.pace(speed: s.averageSpeed).map { $0 + " /" + u.distanceUnit } ?? "-" },
                                         Line(label: "avg speed") { s, u in s.averageSpeed.map(u.speed) ?? "-" }],
               fit: FIT(14, .uint16, scale: 1000),
               column: Column(3, label: { $0 == .ride ? "Speed" : "Pace" }) { s, activity, f in
                   if activity == .ride { return f.speed(s.averageSpeed) + " " + f.speedUnit }
                   return s.distanceMeters > 0 ? f.preferences.units.pace(metres: s.distanceMeters, seconds: s.movingSeconds) + " " + f.paceUnit : nil
               }),
        Metric("max speed m/s", .double(get: { $0.maxSpeed }, set: { $0.maxSpeed = $1 }), json: .number("max_speed_mps", decimals: 3),
               journal: (17, 6), lines: [Line(label: "max speed") { s, u in s.maxSpeed.map(u.speed) ?? "-" }],
               fit: FIT(15, .uint16, scale: 1000)),
        Metric("elevation gain m", .double(get: { $0.elevationGain }, set: { $0.elevationGain = $1 }), json: .number("elevation_gain_m", decimals: 2),
               journal: (21, 7), lines: [Line(label: "elevation") { s, _ in
                   s.elevationGain.map { "+" + UnitSystem.fixed($0, 0) + " m / -" + UnitSystem.fixed(s.elevationLoss ?? 0, 0) + " m" } ?? "-"
               }],
               fit: FIT(22, .uint16), column: Column(5, "Climb") { s, _, f in s.elevationGain.map { f.elevation($0) + " " + f.elevationUnit } }),
        Metric("elevation loss m", .double(get: { $0.elevationLoss }, set: { $0.elevationLoss = $1 }), json: .number("elevation_loss_m", decimals: 2),
               journal: (25, 8),
               fit: FIT(23, .uint16)),
        Metric("heart rate average", .double(get: { $0.heartRateAverage }, set: { $0.heartRateAverage = $1 }), json: .number("hr_avg", decimals: 1),
               journal: (29, 9), lines: [Line(label: "heart rate") { s, _ in
                   s.heartRateAverage.map { "avg " + UnitSystem.fixed($0, 0) + ", max " + (s.heartRateMax.map(String.init) ?? "-") } ?? "-"
               }],
               fit: FIT(16, .uint8),
               column: Column(4, "Heart rate") { s, _, f in s.heartRateAverage.map { f.integer($0) + " avg · " + f.integer(s.heartRateMax) + " max" } }),
        Metric("heart rate max", .integer(get: { $0.heartRateMax }, set: { $0.heartRateMax = $1 }), json: .number("hr_max"), journal: (8, 10),
               fit: FIT(17, .uint8)),
        Metric("heart rate zone s", .doubles(get: { $0.heartRateZoneSeconds }, set: { $0.heartRateZoneSeconds = $1 }),
               json: .numbers("hr_zones_s", decimals: 3), journal: (2, 11), lines: [Line(label: "hr zones") { s, _ in
                   s.heartRateZoneSeconds.map { $0.enumerated().map { "Z\($0.offset + 1) " + UnitSystem.clock($0.element) }.joined(separator: "  ") }
               }]),
        Metric("steps", .integer(get: { $0.steps }, set: { $0.steps = $1 }), json: .number("steps"), journal: (12, 12),
               lines: [Line(label: "steps") { s, _ in s.steps.map(String.init) ?? "-" }],
               column: Column(7, "Steps") { s, _, _ in s.steps.map(String.init) }),
        Metric("cadence average", .double(get: { $0.cadenceAverage }, set: { $0.cadenceAverage = $1 }), json: .cadence("cadence_avg", decimals: 1),
               journal: (33, 13), lines: [Line(label: "cadence") { s, _ in
                   s.cadenceAverage.map { UnitSystem.fixed($0, 0) + (s.activity == .ride ? " rpm" : " spm") } ?? "-"
               }],
               fit: FIT(18, .uint8, perLeg: true)),
        Metric("power average W", .double(get: { $0.powerAverage }, set: { $0.powerAverage = $1 }), json: .number("power_avg_w", decimals: 1),
               journal: (49, 17),
               fit: FIT(20, .uint16),
               column: Column(8, "Power") { s, _, f in s.powerAverage.map { f.integer($0) + " W avg" + (s.powerNormalized.map { " · " + f.integer($0) + " NP" } ?? "") } }),
        Metric("power max W", .integer(get: { $0.powerMax }, set: { $0.powerMax = $1 }), json: .number("power_max_w"), journal: (16, 18),
               fit: FIT(21, .uint16)),
        Metric("power normalized W", .double(get: { $0.powerNormalized }, set: { $0.powerNormalized = $1 }), json: .number("power_np_w", decimals: 1),
               journal: (53, 19),
               fit: FIT(34, .uint16)),
        Metric("calories kcal", .double(get: { $0.calories }, set: { $0.calories = $1 }), json: .number("calories_kcal", decimals: 1),
               journal: (37, 14), lines: [Line(label: "energy") { s, _ in s.calories.map { UnitSystem.fixed($0, 0) + " kcal" } ?? "-" }],
               fit: FIT(11, .uint16), column: Column(6, "Calories") { s, _, f in s.calories.map { f.integer($0) + " kcal" } }),
        Metric("rmssd ms", .double(get: { $0.rmssd }, set: { $0.rmssd = $1 }), json: .number("rmssd_ms", decimals: 2), journal: (41, 15),
               lines: [Line(label: "rmssd") { s, _ in s.rmssd.map { UnitSystem.fixed($0, 1) + " ms" } }]),
        Metric("trimp", .double(get: { $0.trimp }, set: { $0.trimp = $1 }), json: .number("trimp", decimals: 2), journal: (45, 16),
               lines: [Line(label: "trimp") { s, _ in s.trimp.map { UnitSystem.fixed($0, 1) } }],
               column: Column(9, "TRIMP") { s, _, f in s.trimp.map { f.integer($0) } }),
        Metric("interrupted (1)", .integer(get: { $0.interrupted ? 1 : nil }, set: { $0.interrupted = $1 != 0 }), json: .flag("interrupted"),
               journal: (20, 20), lines: [Line(label: "interrupted") { s, _ in s.interrupted ? "yes: closed by recovery, not by a stop" : nil }]),
        Metric("course", .text(get: { $0.courseName }, set: { $0.courseName = $1 }), json: .string("course"), journal: (11, 23),
               lines: [Line(label: "course") { s, _ in
                   s.courseName.map { name in
                       name + ": " + UnitSystem.fixed(100 * (s.courseCompleted ?? 0), 1) + " % ridden"
                           + ((s.courseOffCount ?? 0) > 0 ? ", off it " + (s.courseOffCount == 1 ? "once" : "\(s.courseOffCount!) times")
                               + " for " + UnitSystem.clock(s.courseOffSeconds ?? 0) : "")
                   }
               }]),
        Metric("course completed", .double(get: { $0.courseCompleted }, set: { $0.courseCompleted = $1 }),
               json: .number("course_completed", decimals: 4), journal: (57, 24)),
        Metric("course off s", .double(get: { $0.courseOffSeconds }, set: { $0.courseOffSeconds = $1 }),
               json: .number("course_off_s", decimals: 1), journal: (61, 25)),
        Metric("course off count", .integer(get: { $0.courseOffCount }, set: { $0.courseOffCount = $1 }),
               json: .number("course_off_count"), journal: (24, 26)),
        Metric("laps", .segments(get: { $0.laps }, set: { $0.laps = $1 }), json: .segments("laps"), journal: (3, 21)),
        Metric("splits", .segments(get: { $0.splits }, set: { $0.splits = $1 }), json: .segments("splits"), journal: (7, 22)),
    ]
}

extension SegmentSummary: MetricTable {
    public static let metrics: [SessionMetric<SegmentSummary>] = [
        Metric("index", .integer(get: { $0.index }, set: { $0.index = $1 }), json: .number("index"), journal: (0, 0),
               column: Column(0, "#") { g, _, _ in String(g.index) }),
        Metric("start", .time(get: { $0.start }, set: { $0.start = $1 }), json: .time("start"), journal: (4, 1)),
        Metric("elapsed s", .double(get: { $0.elapsedSeconds }, set: { $0.elapsedSeconds = $1 }), json: .number("elapsed_s", decimals: 3), journal: (1, 2),
               fit: FIT(7, .uint32, scale: 1000), tcx: TCX("TotalTimeSeconds", .decimals(3)),
               column: Column(2, "Time") { g, _, _ in UnitSystem.clock(g.elapsedSeconds) }),
        Metric("moving s", .double(get: { $0.movingSeconds }, set: { $0.movingSeconds = $1 }), json: .number("moving_s", decimals: 3), journal: (5, 3),
               fit: FIT(8, .uint32, scale: 1000)),
        Metric("distance m", .double(get: { $0.distanceMeters }, set: { $0.distanceMeters = $1 }), json: .number("distance_m", decimals: 2), journal: (9, 4),
               fit: FIT(9, .uint32, scale: 100), tcx: TCX("DistanceMeters", .decimals(2)),
               column: Column(1, "Distance") { g, _, f in f.preferences.units.distance(g.distanceMeters) + " " + f.preferences.units.distanceUnit }),
        Metric("average speed m/s", .double(get: { $0.averageSpeed }, set: { $0.averageSpeed = $1 }), json: .number("avg_speed_mps", decimals: 3),
               journal: (13, 5),
               fit: FIT(13, .uint16, scale: 1000),
               column: Column(3, label: { $0 == .ride ? "Speed" : "Pace" }) { g, activity, f in
                   activity == .ride ? f.speed(g.averageSpeed) + " " + f.speedUnit
                       : f.preferences.units.pace(metres: g.distanceMeters, seconds: g.movingSeconds) + f.paceUnit
               }),
        // Derived from the average speed: written, never stored.
        Metric("pace s/km", .double(get: { $0.paceSecondsPerKilometre }, set: { _, _ in }), json: .number("pace_s_per_km", decimals: 1)),
        Metric("heart rate average", .double(get: { $0.heartRateAverage }, set: { $0.heartRateAverage = $1 }), json: .number("hr_avg", decimals: 1),
               journal: (17, 6),
               fit: FIT(15, .uint8), tcx: TCX("AverageHeartRateBpm", .heartRate),
               column: Column(4, "Heart rate") { g, _, f in f.integer(g.heartRateAverage) }),
        Metric("cadence average", .double(get: { $0.cadenceAverage }, set: { $0.cadenceAverage = $1 }), json: .cadence("cadence_avg", decimals: 1),
               journal: (21, 7),
               fit: FIT(17, .uint8, perLeg: true), tcx: TCX("Cadence", .rideCadence),
               column: Column(5, "Cadence") { g, _, f in f.integer(g.cadenceAverage) }),
        Metric("power average W", .double(get: { $0.powerAverage }, set: { $0.powerAverage = $1 }), json: .number("power_avg_w", decimals: 1),
               journal: (29, 9),
               fit: FIT(19, .uint16), tcx: TCX("AvgWatts", .watts),
               column: Column(6, "Power") { g, _, f in g.powerAverage.map { f.integer($0) + " W" } }),
        Metric("power max W", .integer(get: { $0.powerMax }, set: { $0.powerMax = $1 }), json: .number("power_max_w"), journal: (8, 10),
               fit: FIT(20, .uint16), tcx: TCX("MaxWatts", .watts)),
        Metric("power normalized W", .double(get: { $0.powerNormalized }, set: { $0.powerNormalized = $1 }), json: .number("power_np_w", decimals: 1),
               journal: (33, 11),
               fit: FIT(33, .uint16)),
        Metric("elevation gain m", .double(get: { $0.elevationGain }, set: { $0.elevationGain = $1 }), json: .number("elevation_gain_m", decimals: 2),
               journal: (25, 8),
               fit: FIT(21, .uint16)),
    ]
}
