/// Decodes format 1 and 2 samples (record type 2, see `JournalFormat`): journals written before
/// format 3 still read. Nothing writes this encoding any more. Format 2 was format 1 plus, with
/// presence bit 7, a count and that many (id, zigzag delta against that id's previous value)
/// pairs; id 1 is power in W, other ids are skipped.
struct JournalSampleCodecV1: Sendable {
    var time: Int64
    var lat: Int64 = 0, lon: Int64 = 0, alt: Int64 = 0, speed: Int64 = 0, distance: Int64 = 0
    var heartRate: Int64 = 0, rr: Int64 = 0, cadence: Int64 = 0, steps: Int64 = 0
    /// Previous steps of position and distance: moving at steady speed they repeat, so only
    /// the change of step (a second-order delta) is stored — usually one byte.
    var latStep: Int64 = 0, lonStep: Int64 = 0, distanceStep: Int64 = 0
    /// Format 2's previous value per id.
    var extensions: [UInt64: Int64] = [:]

    /// State at a session's start: time is the start time, every value 0.
    init(sessionStart: UTCTime) { time = sessionStart.millisecondsSinceEpoch }

    /// Reads one sample and advances the state; throws on damaged input, never traps.
    mutating func decode(_ r: inout ByteReader) throws -> SessionSample {
        let flags = try r.u8()
        time = time &+ (try r.zigzag()) &+ 1000
        distanceStep = distanceStep &+ (try r.zigzag()); distance = distance &+ distanceStep
        var s = SessionSample(time: try JournalRecord.time(milliseconds: time), distanceMeters: Double(distance) / 100)
        if flags & 1 != 0 {
            latStep = latStep &+ (try r.zigzag()); lat = lat &+ latStep
            lonStep = lonStep &+ (try r.zigzag()); lon = lon &+ lonStep
            s.latitude = Double(lat) / 1e7
            s.longitude = Double(lon) / 1e7
        }
        if flags & 2 != 0 { alt = alt &+ (try r.zigzag()); s.altitudeMSL = Double(alt) / 100 }
        if flags & 4 != 0 { speed = speed &+ (try r.zigzag()); s.speed = Double(speed) / 100 }
        if flags & 8 != 0 {
            heartRate = heartRate &+ (try r.zigzag())
            guard heartRate >= 0, heartRate < 1000 else { throw ByteReader.Malformed() }
            s.heartRate = Int(heartRate)
        }
        if flags & 16 != 0 {
            let n = try r.count(max: 64)
            s.rrIntervals.reserveCapacity(n)
            for _ in 0..<n {
                rr = rr &+ (try r.zigzag())
                guard rr >= 0, rr <= 0xFFFF else { throw ByteReader.Malformed() }
                s.rrIntervals.append(UInt16(rr))
            }
        }
        if flags & 32 != 0 { cadence = cadence &+ (try r.zigzag()); s.cadence = Double(cadence) / 10 }
        if flags & 64 != 0 {
            steps = steps &+ (try r.zigzag())
            // Not abs(): a hostile delta can make `steps` Int64.min, whose magnitude traps.
            guard steps > -Int64(Int32.max), steps < Int64(Int32.max) else { throw ByteReader.Malformed() }
            s.steps = Int(steps)
        }
        if flags & 128 != 0 {
            for _ in 0..<(try r.count(max: 64)) {
                let id = try r.varint()
                let v = extensions[id, default: 0] &+ (try r.zigzag())
                extensions[id] = v
                if id == 1 {
                    guard v >= -100_000, v <= 100_000 else { throw ByteReader.Malformed() }   // not abs(): Int64.min traps
                    s.power = Int(v)
                }
            }
        }
        return s
    }
}
