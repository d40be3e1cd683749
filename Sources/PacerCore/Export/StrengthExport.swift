/// The set log in exports: FIT `set` messages (global 225: an active set with reps, weight and
/// exercise category, a rest set before it when the rest is known) and the CSV of a strength
/// session, one row per set. GPX and TCX carry tracks: a session without one has nothing for them.
public enum StrengthExport {
    /// The live sets of the session (undos applied).
    public static func sets(_ session: ExportSession) -> [StrengthSet] { StrengthSet.sets(in: session.events) }

    /// Why a format cannot hold a session, nil when it can.
    public static func refusal(format: String, activity: Activity) -> String? {
        guard !activity.profile.recordsTrack, format == "gpx" || format == "tcx" else { return nil }
        return "a \(activity.rawValue) session has no track, and \(format.uppercased()) holds only tracks: export it with --format fit or csv"
    }

    static let localSet: UInt8 = 7

    /// Appends the FIT set messages (after the records, before the laps).
    static func writeFITSets(_ sets: [StrengthSet], into w: inout FITMessageWriter) {
        guard !sets.isEmpty else { return }
        w.define(local: localSet, global: 225, fields: [(254, .uint32), (0, .uint32), (3, .uint16), (4, .uint16), (5, .uint8),
                                                        (6, .uint32), (7, .uint16), (9, .uint16), (10, .uint16)])
        var index: Int64 = 0
        for set in sets {
            let seconds = min(StrengthSessionLog.maximumSetSeconds, Double(set.reps) * StrengthSessionLog.secondsPerRep)
            let end = FITWriter.fitTime(set.time)
            let start = end - seconds.clampedInt64(.towardZero)
            if let rest = set.restSeconds, rest > 0 {
                w.data(local: localSet, [start, Int64(rest) * 1000, nil, nil, 0, start - Int64(rest), nil, nil, index])
                index += 1
            }
            let category = ExerciseCatalogue.lookup(set.exercise)?.fitCategory ?? ExerciseCatalogue.unknownFITCategory
            w.data(local: localSet, [end, (seconds * 1000).clampedInt64(.towardZero), Int64(set.reps), FITMessageWriter.scaled(set.weightKilograms, 16),
                                     1, start, Int64(category), 1, index])
            index += 1
        }
    }

    public static let csvHeader = "set,time,exercise,muscle,weight_kg,reps,volume_kg,e1rm_kg,hr_avg_bpm,hr_max_bpm,rest_s\n"

    /// One row per set (RFC 4180: a name with a comma or quote is quoted).
    public static func csv(_ session: ExportSession) -> [UInt8] {
        var out = csvHeader
        for s in sets(session) {
            let name = s.exercise.contains(where: { $0 == "," || $0 == "\"" })
                ? "\"" + s.exercise.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\"" : s.exercise
            let e1rm: String = UnitSystem.fixed(StrengthRules.epley(weight: s.weightKilograms, reps: s.reps), 2)
            let counts: [String] = [s.heartRateAverage, s.heartRateMax, s.restSeconds].map { $0.map(String.init) ?? "" }
            let cells: [String] = [String(s.number), s.time.rfc3339, name, s.effectiveMuscle?.rawValue ?? "",
                                   StrengthSet.kilograms(s.weightKilograms), String(s.reps), StrengthSet.kilograms(s.volume), e1rm]
                + counts
            out += cells.joined(separator: ",") + "\n"
        }
        return Array(out.utf8)
    }
}
