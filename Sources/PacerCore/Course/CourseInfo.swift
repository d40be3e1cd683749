/// `pacerctl course info`: what a course holds, for people (in their units) and as JSON.
public enum CourseInfo {
    public static func json(_ c: Course) -> String {
        var w = JSONWriter(capacity: 512 + 160 * (c.cues.count + c.climbs.count))
        w.beginObject()
        w.key("name"); w.value(c.name)
        w.key("format"); w.value(c.format)
        w.key("distance_m"); w.value(c.length, decimals: 1)
        w.key("points"); w.value(c.points.count)
        w.key("loop"); w.value(c.isLoop)
        w.key("ascent_m"); w.value(c.profile?.ascent, decimals: 1)
        w.key("descent_m"); w.value(c.profile?.descent, decimals: 1)
        w.key("climbs"); w.beginArray()
        for climb in c.climbs {
            w.beginObject()
            for (key, value) in [("start_m", climb.start), ("length_m", climb.length), ("gain_m", climb.gain),
                                 ("avg_grade_pct", climb.averageGrade), ("max_grade_pct", climb.steepestGrade)] {
                w.key(key); w.value(value, decimals: 1)
            }
            w.endObject()
        }
        w.endArray()
        w.key("cues_derived"); w.value(c.cuesDerived)
        w.key("cues_left_out"); w.value(c.cuesLeftOut)
        w.key("course_points"); w.beginArray()
        for cue in c.cues {
            w.beginObject()
            w.key("name"); w.value(cue.name)
            w.key("kind"); w.value(cue.kind.name)
            w.key("along_m"); w.value(cue.distance, decimals: 1)
            w.key("lat"); w.value(cue.latitude, decimals: 7)
            w.key("lon"); w.value(cue.longitude, decimals: 7)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.endLine()
        return String(decoding: w.takeBytes(), as: UTF8.self)
    }

    public static func text(_ c: Course, units u: UnitSystem) -> String {
        func km(_ m: Double) -> String { u.distance(m) + " " + u.distanceUnit }
        var out = "course    \(c.name) (\(c.format))\n"
        out += "distance  \(km(c.length)), \(c.points.count) points\(c.isLoop ? ", a loop" : "")\n"
        if let p = c.profile {
            out += "elevation +\(UnitSystem.fixed(p.ascent, 0)) m / -\(UnitSystem.fixed(p.descent, 0)) m\n"
        } else {
            out += "elevation none in the file\n"
        }
        out += "climbs    \(c.climbs.count)\n"
        for (k, climb) in c.climbs.enumerated() {
            out += "  \(k + 1)  at \(km(climb.start)): \(km(climb.length)), +\(UnitSystem.fixed(climb.gain, 0)) m, "
                + "avg \(UnitSystem.fixed(climb.averageGrade, 1)) %, max \(UnitSystem.fixed(climb.steepestGrade, 1)) %\n"
        }
        let origin = c.cuesDerived ? " (turns found in the geometry)" : (c.cuesLeftOut > 0 ? " (\(c.cuesLeftOut) off the track left out)" : "")
        out += "points    \(c.cues.count)\(origin)\n"
        for cue in c.cues {
            out += "  \(km(cue.distance))  \(cue.kind.name)  \(cue.name)\n"
        }
        return out
    }
}
