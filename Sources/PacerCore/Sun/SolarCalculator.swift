#if canImport(Glibc)
import Glibc
#endif

/// Sunrise, solar noon and sunset for a place and a day, by NOAA's solar position algorithm
/// (the Global Monitoring Laboratory's solar calculator, after Meeus' "Astronomical Algorithms"):
/// good to about a minute between the polar circles, and it says so when the sun does not rise
/// or set at all. Pure: the day is an argument.
public enum SolarCalculator {
    /// The sun's upper limb on the horizon, with standard refraction: 90° 50'.
    static let zenith = 90.833

    public enum Day: Equatable, Sendable {
        case normal(sunrise: UTCTime, noon: UTCTime, sunset: UTCTime)
        /// The sun stays above the horizon all day (midnight sun).
        case polarDay(noon: UTCTime)
        /// The sun stays below the horizon all day.
        case polarNight(noon: UTCTime)
    }

    /// The sun's day at `latitude`, `longitude` (degrees, east positive) on the calendar day
    /// `year-month-day` as lived at that longitude (events near that place's own noon, so a
    /// sunrise east of Greenwich may fall on the previous UTC day). Nil for an invalid date or place.
    public static func day(latitude: Double, longitude: Double, year: Int, month: Int, day: Int) -> Day? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              let midnight = UTCTime(year: year, month: month, day: day, hour: 0, minute: 0, second: 0) else { return nil }
        let julianMidnight = Double(midnight.millisecondsSinceEpoch) / 86_400_000 + 2_440_587.5
        func at(_ minutes: Double) -> UTCTime {
            midnight.adding(milliseconds: (minutes * 60_000).clampedInt64())
        }
        let noon = solarNoonMinutes(julianMidnight, longitude)
        guard let rise = eventMinutes(julianMidnight, latitude, longitude, rising: true, guess: noon),
              let set = eventMinutes(julianMidnight, latitude, longitude, rising: false, guess: noon) else {
            let position = SunPosition(julianCentury: century(julianMidnight + noon / 1440))
            // Above the horizon at noon all day long, or below it.
            let altitudeAtNoon = 90 - abs(latitude - position.declination)
            return altitudeAtNoon > 0 ? .polarDay(noon: at(noon)) : .polarNight(noon: at(noon))
        }
        return .normal(sunrise: at(rise), noon: at(noon), sunset: at(set))
    }

    static func century(_ julianDay: Double) -> Double { (julianDay - 2_451_545) / 36_525 }

    /// Minutes after the day's 00:00 UTC when the sun crosses the meridian.
    static func solarNoonMinutes(_ julianMidnight: Double, _ longitude: Double) -> Double {
        let guess = 720 - 4 * longitude
        let e = SunPosition(julianCentury: century(julianMidnight + guess / 1440)).equationOfTime
        let refined = 720 - 4 * longitude - e
        return 720 - 4 * longitude - SunPosition(julianCentury: century(julianMidnight + refined / 1440)).equationOfTime
    }

    /// Sunrise or sunset in minutes after the day's 00:00 UTC, refined by evaluating the sun at
    /// the event itself; nil when the sun does not cross the horizon.
    static func eventMinutes(_ julianMidnight: Double, _ latitude: Double, _ longitude: Double, rising: Bool, guess: Double) -> Double? {
        var minutes = guess
        for _ in 0..<4 {
            let sun = SunPosition(julianCentury: century(julianMidnight + minutes / 1440))
            guard let h = hourAngle(latitude, sun.declination) else { return nil }
            minutes = 720 - 4 * (longitude + (rising ? h : -h)) - sun.equationOfTime
        }
        return minutes
    }

    /// Degrees from the meridian where the sun stands at the horizon, or nil if it never does.
    static func hourAngle(_ latitude: Double, _ declination: Double) -> Double? {
        let phi = latitude * .pi / 180, delta = declination * .pi / 180
        let c = cos(zenith * .pi / 180) / (cos(phi) * cos(delta)) - tan(phi) * tan(delta)
        guard c.isFinite, c >= -1, c <= 1 else { return nil }
        return acos(c) * 180 / .pi
    }
}

/// The sun's declination (degrees) and the equation of time (minutes) at a Julian century.
struct SunPosition {
    let declination: Double
    let equationOfTime: Double

    init(julianCentury t: Double) {
        let rad = Double.pi / 180
        var meanLongitude = (280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        if meanLongitude < 0 { meanLongitude += 360 }
        let meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let m = meanAnomaly * rad
        let centre = sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * m) * (0.019993 - 0.000101 * t) + sin(3 * m) * 0.000289
        let trueLongitude = meanLongitude + centre
        let omega = (125.04 - 1934.136 * t) * rad
        let apparentLongitude = trueLongitude - 0.00569 - 0.00478 * sin(omega)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = (meanObliquity + 0.00256 * cos(omega)) * rad
        declination = asin(sin(obliquity) * sin(apparentLongitude * rad)) / rad
        let y = pow(tan(obliquity / 2), 2)
        let l0 = meanLongitude * rad
        let e = y * sin(2 * l0) - 2 * eccentricity * sin(m) + 4 * eccentricity * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m)
        equationOfTime = 4 * e / rad
    }
}
