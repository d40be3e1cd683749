/// Delta-encodes and decodes the samples of one session (record type 2, see `JournalFormat`).
///
/// Values are quantized to integers first (1e-7°, cm, cm/s, 0.1/min) so that the encoder's and
/// decoder's running state agree exactly; a decoded sample is the quantized original.
public struct JournalSampleCodec: Sendable {
    var time: Int64
    var lat: Int64 = 0, lon: Int64 = 0, alt: Int64 = 0, speed: Int64 = 0, distance: Int64 = 0
    var heartRate: Int64 = 0, rr: Int64 = 0, cadence: Int64 = 0, steps: Int64 = 0
    /// Previous value per extension field id (format 2), for its delta.
    var extensions: [UInt64: Int64] = [:]
    /// Previous steps of position and distance: moving at steady speed they repeat, so only
    /// the change of step (a second-order delta) is stored — usually one byte.
    var latStep: Int64 = 0, lonStep: Int64 = 0, distanceStep: Int64 = 0

    /// State at a session's start: time is the start time, every value 0.
    public init(sessionStart: UTCTime) { time = sessionStart.millisecondsSinceEpoch }

    static func quantize(_ v: Double?, _ scale: Double) -> Int64? {
        guard let v, v.isFinite, abs(v * scale) < 9e15 else { return nil }
        return Int64((v * scale).rounded())
    }

    /// Appends one sample's encoding and advances the state.
    public mutating func encode(_ s: SessionSample, into w: inout ByteWriter) {
        let qlat = Self.quantize(s.latitude, 1e7), qlon = Self.quantize(s.longitude, 1e7)
        let hasPosition = qlat != nil && qlon != nil
        let qalt = Self.quantize(s.altitudeMSL, 100), qspeed = Self.quantize(s.speed, 100)
        let qhr = s.heartRate.map { Int64($0) }, qcad = Self.quantize(s.cadence, 10)
        let qsteps = s.steps.map { Int64($0) }
        var flags: UInt8 = 0
        if hasPosition { flags |= 1 }
        if qalt != nil { flags |= 2 }
        if qspeed != nil { flags |= 4 }
        if qhr != nil { flags |= 8 }
        if !s.rrIntervals.isEmpty { flags |= 16 }
        if qcad != nil { flags |= 32 }
        if qsteps != nil { flags |= 64 }
        let more = JournalExtensionField.sampleValues(s)
        if !more.isEmpty { flags |= 128 }
        w.u8(flags)
        let t = s.time.millisecondsSinceEpoch
        w.zigzag(t &- time &- 1000); time = t
        let d = Self.quantize(s.distanceMeters, 100) ?? distance
        w.zigzag(d &- distance &- distanceStep); distanceStep = d &- distance; distance = d
        if hasPosition {
            w.zigzag(qlat! &- lat &- latStep); latStep = qlat! &- lat; lat = qlat!
            w.zigzag(qlon! &- lon &- lonStep); lonStep = qlon! &- lon; lon = qlon!
        }
        if let qalt { w.zigzag(qalt &- alt); alt = qalt }
        if let qspeed { w.zigzag(qspeed &- speed); speed = qspeed }
        if let qhr { w.zigzag(qhr &- heartRate); heartRate = qhr }
        if !s.rrIntervals.isEmpty {
            w.varint(UInt64(s.rrIntervals.count))
            for v in s.rrIntervals { w.zigzag(Int64(v) - rr); rr = Int64(v) }
        }
        if let qcad { w.zigzag(qcad &- cadence); cadence = qcad }
        if let qsteps { w.zigzag(qsteps &- steps); steps = qsteps }
        if !more.isEmpty {
            w.varint(UInt64(more.count))
            for (field, v) in more {
                w.varint(field.rawValue)
                w.zigzag(v &- extensions[field.rawValue, default: 0])
                extensions[field.rawValue] = v
            }
        }
    }

    /// Reads one sample and advances the state; throws on damaged input, never traps.
    public mutating func decode(_ r: inout ByteReader) throws -> SessionSample {
        let flags = try r.u8()
        time = time &+ (try r.zigzag()) &+ 1000
        distanceStep = distanceStep &+ (try r.zigzag()); distance = distance &+ distanceStep
        var s = SessionSample(time: UTCTime(millisecondsSinceEpoch: time), distanceMeters: Double(distance) / 100)
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
            // Format 2: fields with an id, each a zigzag delta; an unknown id is skipped.
            let n = try r.count(max: 64)
            for _ in 0..<n {
                let id = try r.varint()
                let v = extensions[id, default: 0] &+ (try r.zigzag())
                extensions[id] = v
                if let field = JournalExtensionField(rawValue: id) { try JournalExtensionField.apply(field, sampleValue: v, to: &s) }
            }
        }
        return s
    }

    /// The sample as the journal will give it back (values quantized).
    public static func quantized(_ s: SessionSample) -> SessionSample {
        var codec = JournalSampleCodec(sessionStart: s.time)
        var w = ByteWriter()
        codec.encode(s, into: &w)
        var back = JournalSampleCodec(sessionStart: s.time)
        return w.bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return (try? back.decode(&r)) ?? s
        }
    }
}
