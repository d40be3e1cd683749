/// A FIT activity file (file_id, device_info, timer events, records, laps, one session, the
/// activity) that Garmin's FIT SDK decodes without errors. Times are seconds since the FIT
/// epoch 1989-12-31T00:00:00Z; positions in semicircles; run cadence per leg (spm / 2), ride
/// cadence in crank rpm; power in watts (record 7; lap and session avg, max and normalized).
public enum FITWriter {
    /// Unix seconds of the FIT epoch.
    public static let epochOffset: Int64 = 631_065_600
    static let semicircles = 2_147_483_648.0 / 180

    static func fitTime(_ t: UTCTime) -> Int64 { t.millisecondsSinceEpoch / 1000 - epochOffset }

    enum Local {
        static let fileID: UInt8 = 0, deviceInfo: UInt8 = 1, event: UInt8 = 2, record: UInt8 = 3
        static let lap: UInt8 = 4, session: UInt8 = 5, activity: UInt8 = 6
    }

    /// The order Pacer has always written these messages' fields in (FIT leaves it to the writer),
    /// so files stay byte for byte what they were; a field not listed (a new metric's) comes last.
    static let sessionOrder: [UInt8] = [254, 253, 0, 1, 2, 5, 6, 7, 8, 9, 11, 14, 15, 16, 17, 18, 22, 23, 25, 26, 28, 20, 21, 34]
    static let lapOrder: [UInt8] = [254, 253, 0, 1, 2, 7, 8, 9, 11, 13, 14, 15, 16, 17, 21, 24, 25, 19, 20, 33]

    /// A session or lap message: the writer's own fields and the FIT fields of the metric rows
    /// (`SessionMetric.fit`), each with its value, in `order`.
    static func columns<Target>(_ own: [(field: FITMessageWriter.Field, value: Int64?)], _ table: [SessionMetric<Target>], of target: Target,
                                ride: Bool, order: [UInt8]) -> [(field: FITMessageWriter.Field, value: Int64?)] {
        let metrics = table.compactMap { m in m.fit.map { (field: $0.field, value: m.fitValue(of: target, ride: ride)) } }
        func rank(_ number: UInt8) -> Int { order.firstIndex(of: number) ?? order.count + Int(number) }
        return (own + metrics).sorted { rank($0.field.number) < rank($1.field.number) }
    }

    public static func write(_ session: ExportSession) -> [UInt8] {
        let s = session.summary
        let start = s.start ?? session.samples.first?.time ?? UTCTime(millisecondsSinceEpoch: epochOffset * 1000)
        let end = s.end ?? session.samples.last?.time ?? start
        let sport = Int64(s.activity.profile.fitSport)
        let halve = s.activity != .ride
        var w = FITMessageWriter()

        w.define(local: Local.fileID, global: 0, fields: [(0, .enumeration), (1, .uint16), (2, .uint16), (3, .uint32z), (4, .uint32)])
        w.data(local: Local.fileID, [4, 255, 1, 1, fitTime(start)])   // activity, development manufacturer

        w.define(local: Local.deviceInfo, global: 23, fields: [(253, .uint32), (0, .uint8), (2, .uint16), (4, .uint16), (5, .uint16)])
        w.data(local: Local.deviceInfo, [fitTime(start), 0, 255, 1, 1])   // creator, software 0.01

        w.define(local: Local.event, global: 21, fields: [(253, .uint32), (0, .enumeration), (1, .enumeration), (4, .uint8)])
        w.define(local: Local.record, global: 20, fields: [(253, .uint32), (0, .sint32), (1, .sint32), (5, .uint32), (73, .uint32),
                                                           (78, .uint32), (3, .uint8), (4, .uint8), (7, .uint16)])
        w.data(local: Local.event, [fitTime(start), 0, 0, 0])   // timer start

        var events = session.events.filter {
            if case .pause = $0 { return true }
            if case .resume = $0 { return true }
            return false
        }[...]
        for p in session.samples {
            while let e = events.first, e.time <= p.time {
                events = events.dropFirst()
                if case .pause = e { w.data(local: Local.event, [fitTime(e.time), 0, 4, 0]) }   // timer stop_all
                else { w.data(local: Local.event, [fitTime(e.time), 0, 0, 0]) }                 // timer start
            }
            let cadence = p.cadence.map { halve ? $0 / 2 : $0 }
            w.data(local: Local.record, [
                fitTime(p.time),
                p.latitude.flatMap { FITMessageWriter.scaled($0, semicircles) },
                p.longitude.flatMap { FITMessageWriter.scaled($0, semicircles) },
                FITMessageWriter.scaled(p.distanceMeters, 100),
                FITMessageWriter.scaled(p.speed, 1000),
                FITMessageWriter.scaled(p.altitudeMSL, 5, offset: 500),
                p.heartRate.map { Int64($0) },
                FITMessageWriter.scaled(cadence, 1),
                p.power.map { Int64(min(65534, max(0, $0))) },
            ])
        }
        w.data(local: Local.event, [fitTime(end), 0, 4, 0])   // timer stop_all
        StrengthExport.writeFITSets(StrengthExport.sets(session), into: &w)

        let laps = session.laps
        let totalDistance = max(s.distanceMeters, 1e-9)
        let lapColumns = laps.enumerated().map { k, lap in
            let t = lap.totals
            let calories = laps.count == 1 ? s.calories : s.calories.map { $0 * t.distanceMeters / totalDistance }
            return columns([((254, .uint16), Int64(k)), ((253, .uint32), fitTime(lap.endTime)), ((0, .enumeration), 9), ((1, .enumeration), 1),
                            ((2, .uint32), fitTime(t.start ?? start)), ((11, .uint16), FITMessageWriter.scaled(calories, 1)),
                            ((14, .uint16), FITMessageWriter.scaled(session.maxSpeed(lap.samples), 1000)),
                            ((16, .uint8), session.maxHeartRate(lap.samples).map { Int64($0) }),
                            ((24, .enumeration), 0), ((25, .enumeration), sport)],
                           SegmentSummary.metrics, of: t, ride: !halve, order: lapOrder)
        }
        w.define(local: Local.lap, global: 19, fields: lapColumns.first?.map(\.field) ?? [])
        for lap in lapColumns { w.data(local: Local.lap, lap.map(\.value)) }

        let sessionColumns = columns([((254, .uint16), 0), ((253, .uint32), fitTime(end)), ((0, .enumeration), 8), ((1, .enumeration), 1),
                                      ((2, .uint32), fitTime(start)), ((5, .enumeration), sport), ((6, .enumeration), Int64(s.activity.profile.fitSubSport)),
                                      ((25, .uint16), 0), ((26, .uint16), Int64(laps.count)), ((28, .enumeration), 0)],
                                     SessionSummary.metrics, of: s, ride: !halve, order: sessionOrder)
        w.define(local: Local.session, global: 18, fields: sessionColumns.map(\.field))
        w.data(local: Local.session, sessionColumns.map(\.value))

        w.define(local: Local.activity, global: 34, fields: [(253, .uint32), (0, .uint32), (1, .uint16), (2, .enumeration), (3, .enumeration),
                                                             (4, .enumeration), (5, .uint32)])
        w.data(local: Local.activity, [fitTime(end), FITMessageWriter.scaled(s.movingSeconds, 1000), 1, 0, 26, 1, fitTime(end)])
        return w.file()
    }
}
