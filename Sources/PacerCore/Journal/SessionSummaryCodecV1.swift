/// Decodes format 1 and 2 summaries (version bytes 1 and 2: a presence mask and fixed fields;
/// 2 appends (id, f64) pairs to the summary and, with segment mask bit 5, to a lap: id 1 power
/// average, 2 power max, 3 normalized power): journals and indexes written before format 3
/// still read. Nothing writes this encoding any more.
enum SessionSummaryCodecV1 {
    static func decode(_ r: inout ByteReader, version: UInt8) throws -> SessionSummary {
        guard let activity = SessionSummaryCodec.activity(code: try r.u8()) else { throw ByteReader.Malformed() }
        let mask = try r.u16()
        var s = SessionSummary(activity: activity)
        if mask & (1 << 9) != 0 { s.start = try JournalRecord.time(milliseconds: r.zigzag()) }
        if mask & (1 << 10) != 0 { s.end = try JournalRecord.time(milliseconds: r.zigzag()) }
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
        if version >= 2 { try decodePower(&r, average: &s.powerAverage, maximum: &s.powerMax, normalized: &s.powerNormalized) }
        return s
    }

    static func decodeSegments(_ r: inout ByteReader) throws -> [SegmentSummary] {
        let n = try r.count(max: r.remaining)
        var out: [SegmentSummary] = []
        out.reserveCapacity(n)
        for _ in 0..<n {
            var g = SegmentSummary(index: Int(clamping: try r.zigzag()))
            let mask = try r.u8()
            if mask & 1 != 0 { g.start = try JournalRecord.time(milliseconds: r.zigzag()) }
            g.elapsedSeconds = try r.f64(); g.movingSeconds = try r.f64(); g.distanceMeters = try r.f64()
            if mask & 2 != 0 { g.averageSpeed = try r.f64() }
            if mask & 4 != 0 { g.heartRateAverage = try r.f64() }
            if mask & 8 != 0 { g.cadenceAverage = try r.f64() }
            if mask & 16 != 0 { g.elevationGain = try r.f64() }
            if mask & 32 != 0 { try decodePower(&r, average: &g.powerAverage, maximum: &g.powerMax, normalized: &g.powerNormalized) }
            out.append(g)
        }
        return out
    }

    /// Format 2's count and (id, f64) pairs; unknown ids are skipped.
    static func decodePower(_ r: inout ByteReader, average: inout Double?, maximum: inout Int?, normalized: inout Double?) throws {
        for _ in 0..<(try r.count(max: 64)) {
            let id = try r.varint()
            let v = try r.f64()
            switch id {
            case 1: average = v
            case 2: maximum = v.isFinite && abs(v) < 1e6 ? v.roundedInt() : nil
            case 3: normalized = v
            default: break
            }
        }
    }
}
