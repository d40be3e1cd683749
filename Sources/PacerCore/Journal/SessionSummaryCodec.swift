/// The binary form of a `SessionSummary` inside a sessionEnd record and the history index.
/// Doubles are stored bit-exactly so a summary read back prints the JSON replay printed.
public enum SessionSummaryCodec {
    public static func activityCode(_ a: Activity) -> UInt8 {
        a.profile.journalCode
    }

    public static func activity(code: UInt8) -> Activity? {
        ActivityProfile.activity(journalCode: code)
    }

    /// Version 2 appends fields with an id (`JournalExtensionField`) to the summary and to each
    /// segment; version 1 summaries still decode.
    static let version: UInt8 = 2

    public static func encode(_ s: SessionSummary, into w: inout ByteWriter) {
        w.u8(version)
        w.u8(activityCode(s.activity))
        let optionals: [Double?] = [s.averageSpeed, s.maxSpeed, s.elevationGain, s.elevationLoss,
                                    s.heartRateAverage, s.cadenceAverage, s.calories, s.rmssd, s.trimp]
        var mask: UInt16 = 0
        for (i, v) in optionals.enumerated() where v != nil { mask |= 1 << i }
        if s.start != nil { mask |= 1 << 9 }
        if s.end != nil { mask |= 1 << 10 }
        if s.heartRateMax != nil { mask |= 1 << 11 }
        if s.heartRateZoneSeconds != nil { mask |= 1 << 12 }
        if s.steps != nil { mask |= 1 << 13 }
        if s.interrupted { mask |= 1 << 14 }
        w.u16(mask)
        if let t = s.start { w.zigzag(t.millisecondsSinceEpoch) }
        if let t = s.end { w.zigzag(t.millisecondsSinceEpoch) }
        w.f64(s.elapsedSeconds); w.f64(s.movingSeconds); w.f64(s.distanceMeters)
        for v in optionals { if let v { w.f64(v) } }
        if let v = s.heartRateMax { w.zigzag(Int64(v)) }
        if let z = s.heartRateZoneSeconds { w.varint(UInt64(z.count)); for v in z { w.f64(v) } }
        if let v = s.steps { w.zigzag(Int64(v)) }
        encode(s.laps, into: &w)
        encode(s.splits, into: &w)
        JournalExtensionField.encode(JournalExtensionField.summaryValues(average: s.powerAverage, maximum: s.powerMax,
                                                                         normalized: s.powerNormalized), into: &w)
    }

    static func encode(_ segments: [SegmentSummary], into w: inout ByteWriter) {
        w.varint(UInt64(segments.count))
        for g in segments {
            w.zigzag(Int64(g.index))
            var mask: UInt8 = 0
            if g.start != nil { mask |= 1 }
            if g.averageSpeed != nil { mask |= 2 }
            if g.heartRateAverage != nil { mask |= 4 }
            if g.cadenceAverage != nil { mask |= 8 }
            if g.elevationGain != nil { mask |= 16 }
            let more = JournalExtensionField.summaryValues(average: g.powerAverage, maximum: g.powerMax, normalized: g.powerNormalized)
            if !more.isEmpty { mask |= 32 }
            w.u8(mask)
            if let t = g.start { w.zigzag(t.millisecondsSinceEpoch) }
            w.f64(g.elapsedSeconds); w.f64(g.movingSeconds); w.f64(g.distanceMeters)
            for v in [g.averageSpeed, g.heartRateAverage, g.cadenceAverage, g.elevationGain] { if let v { w.f64(v) } }
            if !more.isEmpty { JournalExtensionField.encode(more, into: &w) }
        }
    }

    public static func decode(_ r: inout ByteReader) throws -> SessionSummary {
        let codecVersion = try r.u8()
        guard (1...version).contains(codecVersion), let activity = activity(code: try r.u8()) else { throw ByteReader.Malformed() }
        let mask = try r.u16()
        var s = SessionSummary(activity: activity)
        if mask & (1 << 9) != 0 { s.start = UTCTime(millisecondsSinceEpoch: try r.zigzag()) }
        if mask & (1 << 10) != 0 { s.end = UTCTime(millisecondsSinceEpoch: try r.zigzag()) }
        s.elapsedSeconds = try r.f64(); s.movingSeconds = try r.f64(); s.distanceMeters = try r.f64()
        var optionals = [Double?](repeating: nil, count: 9)
        for i in 0..<9 where mask & (1 << i) != 0 { optionals[i] = try r.f64() }
        s.averageSpeed = optionals[0]; s.maxSpeed = optionals[1]; s.elevationGain = optionals[2]
        s.elevationLoss = optionals[3]; s.heartRateAverage = optionals[4]; s.cadenceAverage = optionals[5]
        s.calories = optionals[6]; s.rmssd = optionals[7]; s.trimp = optionals[8]
        if mask & (1 << 11) != 0 { s.heartRateMax = Int(clamping: try r.zigzag()) }
        if mask & (1 << 12) != 0 {
            let n = try r.count(max: 16)
            var z: [Double] = []
            for _ in 0..<n { z.append(try r.f64()) }
            s.heartRateZoneSeconds = z
        }
        if mask & (1 << 13) != 0 { s.steps = Int(clamping: try r.zigzag()) }
        s.interrupted = mask & (1 << 14) != 0
        s.laps = try decodeSegments(&r)
        s.splits = try decodeSegments(&r)
        if codecVersion >= 2 {
            for (field, v) in try JournalExtensionField.decode(&r) {
                switch field {
                case .power: s.powerAverage = v
                case .powerMax: s.powerMax = v.isFinite && abs(v) < 1e6 ? Int(v.rounded()) : nil
                case .powerNormalized: s.powerNormalized = v
                }
            }
        }
        return s
    }

    static func decodeSegments(_ r: inout ByteReader) throws -> [SegmentSummary] {
        let n = try r.count(max: r.remaining)
        var out: [SegmentSummary] = []
        out.reserveCapacity(n)
        for _ in 0..<n {
            var g = SegmentSummary(index: Int(clamping: try r.zigzag()))
            let mask = try r.u8()
            if mask & 1 != 0 { g.start = UTCTime(millisecondsSinceEpoch: try r.zigzag()) }
            g.elapsedSeconds = try r.f64(); g.movingSeconds = try r.f64(); g.distanceMeters = try r.f64()
            if mask & 2 != 0 { g.averageSpeed = try r.f64() }
            if mask & 4 != 0 { g.heartRateAverage = try r.f64() }
            if mask & 8 != 0 { g.cadenceAverage = try r.f64() }
            if mask & 16 != 0 { g.elevationGain = try r.f64() }
            if mask & 32 != 0 {
                for (field, v) in try JournalExtensionField.decode(&r) {
                    switch field {
                    case .power: g.powerAverage = v
                    case .powerMax: g.powerMax = v.isFinite && abs(v) < 1e6 ? Int(v.rounded()) : nil
                    case .powerNormalized: g.powerNormalized = v
                    }
                }
            }
            out.append(g)
        }
        return out
    }
}
