/// The `pacerctl parse --json` form of a fix, shared with `pacerctl fixes`:
/// `{"time","lat","lon","mode","alt_msl","speed_mps","track_deg","hdop","sats_used",...}`,
/// absent values null, decimals as gpsd prints them (degrees 9, metres 3).
extension GNSSFix {
    public func jsonLine(into w: inout JSONWriter) {
        // The whole object is formatted at once in the writer's room: this runs once per fix in
        // `pacerctl parse`, where per-value calls dominated the profile.
        w.cursorValue(atMost: 1024) { o in
            o.raw("{\"time\":"); o.time(time)
            o.raw(",\"lat\":"); o.number(latitude, fixed: 9)
            o.raw(",\"lon\":"); o.number(longitude, fixed: 9)
            o.raw(",\"mode\":"); o.integer(mode.rawValue)
            if isEstimated { o.raw(",\"status\":\"dr\"") }
            o.raw(",\"alt_msl\":"); o.number(altitudeMSL, fixed: 3)
            o.raw(",\"speed_mps\":"); o.number(speed, fixed: 3)
            o.raw(",\"track_deg\":"); o.number(track, fixed: 4)
            o.raw(",\"hdop\":"); o.number(hdop, fixed: 2)
            o.raw(",\"sats_used\":"); o.integer(satellitesUsed)
            o.raw(",\"vdop\":"); o.number(vdop, fixed: 2)
            o.raw(",\"pdop\":"); o.number(pdop, fixed: 2)
            o.raw(",\"sats_visible\":"); o.integer(satellitesVisible)
            o.raw(",\"geoid_sep_m\":"); o.number(geoidSeparation, fixed: 3)
            o.raw(",\"lat_err_m\":"); o.number(latitudeError, fixed: 3)
            o.raw(",\"lon_err_m\":"); o.number(longitudeError, fixed: 3)
            o.raw(",\"alt_err_m\":"); o.number(altitudeError, fixed: 3)
            o.raw("}")
        }
        w.endLine()
    }

    /// One human-readable line: time, position, mode, altitude, speed, course, HDOP, satellites.
    public func textLine(into w: inout JSONWriter) {
        func put(_ s: StaticString) { w.raw(s) }
        if let time {
            var t = JSONWriter(capacity: 32)
            t.value(time)
            t.withBytes { w.raw(UnsafeRawBufferPointer(rebasing: $0.dropFirst().dropLast())) }
        } else {
            put("-                       ")
        }
        var n = JSONWriter(capacity: 32)
        func number(_ prefix: StaticString, _ v: Double?, _ decimals: Int, _ unit: StaticString) {
            guard let v else { return }
            put(prefix)
            n.reset(); n.value(v, fixed: decimals)
            n.withBytes { w.raw($0) }
            put(unit)
        }
        number("  ", latitude, 9, "")
        number(" ", longitude, 9, "")
        switch mode {
        case .threeD: put("  3D")
        case .twoD: put("  2D")
        case .noFix: put("  no fix")
        }
        number("  alt ", altitudeMSL, 1, " m")
        number("  ", speed, 2, " m/s")
        number("  ", track, 1, " deg")
        number("  hdop ", hdop, 1, "")
        if let s = satellitesUsed {
            put("  sats ")
            n.reset(); n.value(s)
            n.withBytes { w.raw($0) }
        }
        w.raw("\n")
    }
}
