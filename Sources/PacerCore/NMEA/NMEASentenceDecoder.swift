/// Decoders for the GNSS sentence types, one function per type, each turning fields into
/// an `NMEAReport`; each type's row of `NMEASentenceType.table` names its function.
/// Field positions follow NMEA 0183 4.10 (older layouts are prefixes of it).
public enum NMEASentenceDecoder {
    /// Knots to metres per second (1852 m / 3600 s), as gpsd converts.
    static let knots = 1852.0 / 3600.0
    static let N = UInt8(ascii: "N"), S = UInt8(ascii: "S"), E = UInt8(ascii: "E"), W = UInt8(ascii: "W")
    static let A = UInt8(ascii: "A"), V = UInt8(ascii: "V")

    /// Decodes `fields` as `type`; nil when the sentence has fewer fields than the type needs.
    public static func decode(_ type: NMEASentenceType, _ f: NMEAFields) -> NMEAReport? {
        var r = NMEAReport(type: type)
        return decode(type, f, into: &r) ? r : nil
    }

    /// The allocation- and copy-free form used on the hot path: fills `r`; false when too short.
    public static func decode(_ type: NMEASentenceType, _ f: NMEAFields, into r: inout NMEAReport) -> Bool {
        let row = type.row
        guard f.count >= row.minimumFields else { return false }
        row.decode(f, &r)
        return true
    }

    static func position(_ r: inout NMEAReport, _ f: NMEAFields, _ i: Int) {
        r.latitude = f.coordinate(i, negative: S, positive: N, limit: 90)
        r.longitude = f.coordinate(i + 2, negative: W, positive: E, limit: 180)
        if r.latitude == nil || r.longitude == nil { r.latitude = nil; r.longitude = nil }
    }

    /// GGA's and GNS's common layout: the position at field 2 and the altitude at 9; the geoid
    /// separation follows at 11 in GGA (after the altitude's unit) and at 10 in GNS.
    static func positionAndAltitude(_ r: inout NMEAReport, _ f: NMEAFields, geoidSeparation: Int) {
        position(&r, f, 2)
        r.altitudeMSL = f.double(9)
        r.geoidSeparation = f.double(geoidSeparation)
        r.hasAltitudeFix = r.altitudeMSL != nil
    }

    /// NMEA 2.3+ FAA mode indicator. `N` (data not valid), `S` (simulator: a receiver in demo
    /// mode inventing a track) and `M` (manual input: a position typed in, not measured) give no
    /// fix to record. gpsd's `faa_mode()` maps `S`/`M` to STATUS_SIM/STATUS_TIME, states in
    /// which the receiver measured nothing; see docs/NMEA.md.
    static func modeSaysNoFix(_ c: UInt8?) -> Bool { c == N || c == S || c == M }
    /// Mode indicator `E`: estimated (dead reckoning), gpsd's STATUS_DR.
    static func modeSaysEstimated(_ c: UInt8?) -> Bool { c == E }
    static let M = UInt8(ascii: "M")

    /// gpsd reports no GGA fix with fewer than 3 satellites used (an empty count reads as 0).
    static let minimumSatellitesUsed = 3

    /// GGA: time, position, quality (0 = no fix), satellites used, HDOP, altitude, geoid separation.
    static func gga(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .gga)
        r.timeOfDay = f.timeOfDay(1)
        r.latchesTime = r.timeOfDay != nil
        let quality = f.integer(6) ?? 0
        r.forgetsTime = quality == 0 && f.isEmpty(1) && f.character(6) != nil
        r.satellitesUsed = f.integer(7)
        r.hdop = f.double(8).flatMap(nonNegative)
        r.isEstimated = quality == 6
        // 0 no fix, 7 manual input, 8 simulator: nothing measured. Too few satellites used:
        // gpsd's driver sets MODE_NO_FIX whatever the quality says.
        let measured = quality != 0 && quality != 7 && quality != 8
        r.validity = measured && (r.satellitesUsed ?? 0) >= minimumSatellitesUsed ? .valid : .invalid
        guard r.validity == .valid else { return }
        positionAndAltitude(&r, f, geoidSeparation: 11)
        return
    }

    /// RMC: time, status (A valid), position, speed (knots), track, date, mode indicator.
    static func rmc(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .rmc)
        r.timeOfDay = f.timeOfDay(1)
        r.day = ddmmyy(f, 9)
        r.validity = f.character(2) == A && !modeSaysNoFix(f.character(12)) ? .valid : .invalid
        r.isEstimated = modeSaysEstimated(f.character(12))
        r.latchesTime = f.character(2) == A && r.timeOfDay != nil && r.day != nil
        if f.character(2) != A && (f.isEmpty(1) || f.isEmpty(9)) { r.forgetsTime = true }
        guard r.validity == .valid else { return }
        position(&r, f, 3)
        r.speed = f.double(7).flatMap(nonNegative).map { $0 * knots }
        r.track = f.double(8).flatMap(course)
        return
    }

    /// GLL: position, time, status, mode indicator.
    static func gll(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .gll)
        r.timeOfDay = f.timeOfDay(5)
        r.latchesTime = r.timeOfDay != nil
        r.validity = f.character(6) == A && !modeSaysNoFix(f.character(7)) ? .valid : .invalid
        r.isEstimated = modeSaysEstimated(f.character(7))
        guard r.validity == .valid else { return }
        position(&r, f, 1)
        return
    }

    /// GNS: time, position, one mode character per constellation (all `N` = no fix), sats, HDOP, altitude.
    static func gns(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .gns)
        r.timeOfDay = f.timeOfDay(1)
        r.latchesTime = r.timeOfDay != nil
        var anyFix = false
        var allEstimated = f.length(6) > 0
        for k in 0..<f.length(6) {
            let mode = f.byte(6, k)
            if !modeSaysNoFix(mode) { anyFix = true }
            if !modeSaysNoFix(mode) && !modeSaysEstimated(mode) { allEstimated = false }
        }
        r.isEstimated = anyFix && allEstimated
        r.validity = anyFix ? .valid : .invalid
        r.satellitesUsed = f.integer(7)
        r.hdop = f.double(8).flatMap(nonNegative)
        guard anyFix else { return }
        positionAndAltitude(&r, f, geoidSeparation: 10)
        return
    }

    /// GSA: fix type (1 none, 2 2D, 3 3D), PRNs used, PDOP, HDOP, VDOP.
    static func gsa(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .gsa)
        r.fixType = f.integer(2)
        if let t = r.fixType { r.validity = t >= 2 ? .valid : .invalid }
        var used = 0
        for i in 3...14 where !f.isEmpty(i) { used += 1 }
        r.satellitesUsed = used
        r.pdop = f.double(15).flatMap(nonNegative)
        r.hdop = f.double(16).flatMap(nonNegative)
        r.vdop = f.double(17).flatMap(nonNegative)
        return
    }

    /// GSV: satellites in view (counted from the first message of a group).
    static func gsv(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .gsv)
        if f.integer(2) == 1 { r.satellitesVisible = f.integer(3) }
        return
    }

    /// VTG: track true, speed (km/h preferred, else knots), mode indicator.
    static func vtg(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .vtg)
        if modeSaysNoFix(f.character(9)) { r.validity = .invalid; return }
        r.isEstimated = modeSaysEstimated(f.character(9))
        if f.character(2) == UInt8(ascii: "T") || f.count >= 9 {
            r.track = f.double(1).flatMap(course)
            r.speed = f.double(7).flatMap(nonNegative).map { $0 / 3.6 } ?? f.double(5).flatMap(nonNegative).map { $0 * knots }
        } else {
            // NMEA 1.x layout without unit letters: track true, track magnetic, knots, km/h.
            r.track = f.double(1).flatMap(course)
            r.speed = f.double(4).flatMap(nonNegative).map { $0 / 3.6 } ?? f.double(3).flatMap(nonNegative).map { $0 * knots }
        }
        return
    }

    /// ZDA: time and full date.
    static func zda(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .zda)
        r.timeOfDay = f.timeOfDay(1)
        if let d = f.integer(2), let m = f.integer(3), let y = f.integer(4), f.length(4) == 4,
           (1900...2200).contains(y), (1...12).contains(m), (1...UTCTime.daysIn(month: m, year: y)).contains(d) {
            r.day = UTCTime.daysSinceEpoch(year: y, month: m, day: d)
            r.latchesTime = r.timeOfDay != nil
        }
        return
    }

    /// GST: one-sigma errors of latitude, longitude and altitude in metres.
    static func gst(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .gst)
        r.timeOfDay = f.timeOfDay(1)
        r.latitudeError = f.double(6)
        r.longitudeError = f.double(7)
        r.altitudeError = f.double(8)
        return
    }

    /// GBS: time and the expected (one-sigma) errors of latitude, longitude and altitude in metres.
    static func gbs(_ f: NMEAFields, _ r: inout NMEAReport) {
        r = NMEAReport(type: .gbs)
        r.timeOfDay = f.timeOfDay(1)
        r.latchesTime = r.timeOfDay != nil
        r.latitudeError = f.double(2)
        r.longitudeError = f.double(3)
        r.altitudeError = f.double(4)
        return
    }

    /// RMC date `ddmmyy`: two-digit years 69-99 are 1969-1999 and 00-68 are 2000-2068,
    /// as gpsd reads them (the week-rollover correction comes later, in the assembler).
    static func ddmmyy(_ f: NMEAFields, _ i: Int) -> Int? {
        guard f.length(i) == 6, let v = f.integer(i) else { return nil }
        let d = v / 10000, m = v / 100 % 100, yy = v % 100
        let y = yy >= 69 ? 1900 + yy : 2000 + yy
        guard (1...12).contains(m), (1...UTCTime.daysIn(month: m, year: y)).contains(d) else { return nil }
        return UTCTime.daysSinceEpoch(year: y, month: m, day: d)
    }

    // A receiver's garbage that a checksum vouches for is no value: a speed or a dilution of
    // precision below zero, a course off the compass (360 is north).
    static func nonNegative(_ v: Double) -> Double? { v >= 0 ? v : nil }
    static func course(_ v: Double) -> Double? { v >= 0 && v <= 360 ? v.truncatingRemainder(dividingBy: 360) : nil }
}
