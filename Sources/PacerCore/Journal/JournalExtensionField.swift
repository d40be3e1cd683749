/// Optional values the journal carries with an id (format version 2), so a new sensor's value
/// is one row here rather than another flag bit. Each value is one zigzag varint in a sample (a
/// delta against the previous value of the same id) and one f64 in a summary or segment: a
/// reader skips an id it does not know, because the shape never depends on the id.
public enum JournalExtensionField: UInt64, CaseIterable, Sendable {
    /// Sample: instantaneous power, W. Summary and segment: average power, W.
    case power = 1
    /// Summary and segment: maximum power, W.
    case powerMax = 2
    /// Summary and segment: Coggan normalized power, W.
    case powerNormalized = 3

    /// The sample's value of each field it stores, in id order.
    static func sampleValues(_ s: SessionSample) -> [(JournalExtensionField, Int64)] {
        var values: [(JournalExtensionField, Int64)] = []
        if let p = s.power { values.append((.power, Int64(p))) }
        return values
    }

    static func apply(_ field: JournalExtensionField, sampleValue v: Int64, to s: inout SessionSample) throws {
        switch field {
        case .power:
            guard abs(v) <= 100_000 else { throw ByteReader.Malformed() }
            s.power = Int(v)
        case .powerMax, .powerNormalized: break
        }
    }

    static func summaryValues(average: Double?, maximum: Int?, normalized: Double?) -> [(JournalExtensionField, Double)] {
        var values: [(JournalExtensionField, Double)] = []
        if let average { values.append((.power, average)) }
        if let maximum { values.append((.powerMax, Double(maximum))) }
        if let normalized { values.append((.powerNormalized, normalized)) }
        return values
    }

    /// Writes a count and the (id, f64) pairs.
    static func encode(_ values: [(JournalExtensionField, Double)], into w: inout ByteWriter) {
        w.varint(UInt64(values.count))
        for (field, v) in values { w.varint(field.rawValue); w.f64(v) }
    }

    /// Reads a count and (id, f64) pairs; unknown ids are skipped.
    static func decode(_ r: inout ByteReader) throws -> [(JournalExtensionField, Double)] {
        let n = try r.count(max: 64)
        var values: [(JournalExtensionField, Double)] = []
        for _ in 0..<n {
            let id = try r.varint()
            let v = try r.f64()
            if let field = JournalExtensionField(rawValue: id) { values.append((field, v)) }
        }
        return values
    }
}
