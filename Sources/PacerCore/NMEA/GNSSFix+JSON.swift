/// The `pacerctl parse --json` form of a fix, shared with `pacerctl fixes`:
/// `{"time","lat","lon","mode","alt_msl","speed_mps","track_deg","hdop","sats_used",...}`,
/// absent values null, decimals as gpsd prints them (degrees 9, metres 3).
extension GNSSFix {
    public func jsonLine(into w: inout JSONWriter) {
        w.beginObject()
        w.key("time"); w.value(time)
        w.key("lat"); w.value(latitude, fixed: 9)
        w.key("lon"); w.value(longitude, fixed: 9)
        w.key("mode"); w.value(mode.rawValue)
        w.key("alt_msl"); w.value(altitudeMSL, fixed: 3)
        w.key("speed_mps"); w.value(speed, fixed: 3)
        w.key("track_deg"); w.value(track, fixed: 4)
        w.key("hdop"); w.value(hdop, fixed: 2)
        w.key("sats_used"); w.value(satellitesUsed)
        w.key("vdop"); w.value(vdop, fixed: 2)
        w.key("pdop"); w.value(pdop, fixed: 2)
        w.key("sats_visible"); w.value(satellitesVisible)
        w.key("geoid_sep_m"); w.value(geoidSeparation, fixed: 3)
        w.key("lat_err_m"); w.value(latitudeError, fixed: 3)
        w.key("lon_err_m"); w.value(longitudeError, fixed: 3)
        w.key("alt_err_m"); w.value(altitudeError, fixed: 3)
        w.endObject()
        w.endLine()
    }

    /// One human-readable line: time, position, mode, altitude, speed, course, HDOP, satellites.
    public func textLine(into w: inout JSONWriter) {
        func put(_ s: StaticString) { s.withUTF8Buffer { w.bytes.append(contentsOf: $0) } }
        if let time {
            var t = JSONWriter(capacity: 32)
            t.value(time)
            w.bytes.append(contentsOf: t.bytes.dropFirst().dropLast())
        } else {
            put("-                       ")
        }
        var n = JSONWriter(capacity: 32)
        func number(_ prefix: StaticString, _ v: Double?, _ decimals: Int, _ unit: StaticString) {
            guard let v else { return }
            put(prefix)
            n.reset(); n.value(v, fixed: decimals)
            w.bytes.append(contentsOf: n.bytes)
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
            w.bytes.append(contentsOf: n.bytes)
        }
        w.bytes.append(UInt8(ascii: "\n"))
    }
}
