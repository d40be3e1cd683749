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
        w.define(local: Local.lap, global: 19, fields: [(254, .uint16), (253, .uint32), (0, .enumeration), (1, .enumeration), (2, .uint32),
                                                        (7, .uint32), (8, .uint32), (9, .uint32), (11, .uint16), (13, .uint16), (14, .uint16),
                                                        (15, .uint8), (16, .uint8), (17, .uint8), (21, .uint16), (24, .enumeration), (25, .enumeration),
                                                        (19, .uint16), (20, .uint16), (33, .uint16)])
        for (k, lap) in laps.enumerated() {
            let t = lap.totals
            let calories = laps.count == 1 ? s.calories : s.calories.map { $0 * t.distanceMeters / totalDistance }
            w.data(local: Local.lap, [
                Int64(k), fitTime(lap.endTime), 9, 1, fitTime(t.start ?? start),
                FITMessageWriter.scaled(t.elapsedSeconds, 1000), FITMessageWriter.scaled(t.movingSeconds, 1000),
                FITMessageWriter.scaled(t.distanceMeters, 100), FITMessageWriter.scaled(calories, 1),
                FITMessageWriter.scaled(t.averageSpeed, 1000),
                FITMessageWriter.scaled(session.maxSpeed(lap.samples), 1000),
                FITMessageWriter.scaled(t.heartRateAverage, 1), session.maxHeartRate(lap.samples).map { Int64($0) },
                FITMessageWriter.scaled(t.cadenceAverage.map { halve ? $0 / 2 : $0 }, 1),
                FITMessageWriter.scaled(t.elevationGain, 1), 0, sport,
                FITMessageWriter.scaled(t.powerAverage, 1), t.powerMax.map { Int64($0) },
                FITMessageWriter.scaled(t.powerNormalized, 1),
            ])
        }

        w.define(local: Local.session, global: 18, fields: [(254, .uint16), (253, .uint32), (0, .enumeration), (1, .enumeration), (2, .uint32),
                                                            (5, .enumeration), (6, .enumeration), (7, .uint32), (8, .uint32), (9, .uint32),
                                                            (11, .uint16), (14, .uint16), (15, .uint16), (16, .uint8), (17, .uint8), (18, .uint8),
                                                            (22, .uint16), (23, .uint16), (25, .uint16), (26, .uint16), (28, .enumeration),
                                                            (20, .uint16), (21, .uint16), (34, .uint16)])
        w.data(local: Local.session, [
            0, fitTime(end), 8, 1, fitTime(start), sport, Int64(s.activity.profile.fitSubSport),
            FITMessageWriter.scaled(s.elapsedSeconds, 1000), FITMessageWriter.scaled(s.movingSeconds, 1000),
            FITMessageWriter.scaled(s.distanceMeters, 100), FITMessageWriter.scaled(s.calories, 1),
            FITMessageWriter.scaled(s.averageSpeed, 1000), FITMessageWriter.scaled(s.maxSpeed, 1000),
            FITMessageWriter.scaled(s.heartRateAverage, 1), s.heartRateMax.map { Int64($0) },
            FITMessageWriter.scaled(s.cadenceAverage.map { halve ? $0 / 2 : $0 }, 1),
            FITMessageWriter.scaled(s.elevationGain, 1), FITMessageWriter.scaled(s.elevationLoss, 1),
            0, Int64(laps.count), 0,
            FITMessageWriter.scaled(s.powerAverage, 1), s.powerMax.map { Int64($0) },
            FITMessageWriter.scaled(s.powerNormalized, 1),
        ])

        w.define(local: Local.activity, global: 34, fields: [(253, .uint32), (0, .uint32), (1, .uint16), (2, .enumeration), (3, .enumeration),
                                                             (4, .enumeration), (5, .uint32)])
        w.data(local: Local.activity, [fitTime(end), FITMessageWriter.scaled(s.movingSeconds, 1000), 1, 0, 26, 1, fitTime(end)])
        return w.file()
    }
}
