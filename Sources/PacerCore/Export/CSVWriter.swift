/// One row per sample (RFC 4180, comma, header line), SI units; empty cells are absent values.
/// RR intervals are in milliseconds, `;`-separated inside their cell. Cadence is steps per
/// minute for a run or walk (`cadence_spm`), crank rpm for a ride (`cadence_rpm`): one or the other.
public enum CSVWriter {
    public static let header = "time,elapsed_s,lat,lon,alt_m,speed_mps,distance_m,hr_bpm,cadence_spm,steps,rr_ms,cadence_rpm,power_w\n"

    public static func write(_ session: ExportSession) -> [UInt8] {
        if session.summary.activity == .strength { return StrengthExport.csv(session) }
        var out: [UInt8] = Array(header.utf8)
        out.reserveCapacity(session.samples.count * 100)
        let start = session.summary.start ?? session.samples.first?.time
        func cell(_ s: String?) { if let s { out.append(contentsOf: s.utf8) }; out.append(UInt8(ascii: ",")) }
        let ride = session.summary.activity == .ride
        for p in session.samples {
            cell(p.time.rfc3339)
            cell(start.map { UnitSystem.fixed(p.time.secondsSinceEpoch - $0.secondsSinceEpoch, 3) })
            cell(p.latitude.map { UnitSystem.fixed($0, 7) })
            cell(p.longitude.map { UnitSystem.fixed($0, 7) })
            cell(p.altitudeMSL.map { UnitSystem.fixed($0, 2) })
            cell(p.speed.map { UnitSystem.fixed($0, 2) })
            cell(UnitSystem.fixed(p.distanceMeters, 2))
            cell(p.heartRate.map(String.init))
            cell(ride ? nil : p.cadence.map { UnitSystem.fixed($0, 1) })
            cell(p.steps.map(String.init))
            cell(p.rrIntervals.map { UnitSystem.fixed(Double($0) * 1000 / 1024, 1) }.joined(separator: ";"))
            cell(ride ? p.cadence.map { UnitSystem.fixed($0, 1) } : nil)
            if let w = p.power { out.append(contentsOf: String(w).utf8) }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }
}
