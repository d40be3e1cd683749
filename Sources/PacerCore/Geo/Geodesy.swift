#if canImport(Glibc)
import Glibc
#endif

/// WGS84 geodesy: ellipsoidal distance and bearing (Vincenty's inverse formula), and the
/// spherical haversine that naive trackers use, kept for comparison only.
///
/// A sphere is off by up to 0.5 % depending on latitude and direction; Vincenty is exact to
/// well under a millimetre. It fails to converge only for nearly antipodal points, where the
/// spherical result on the mean radius is used instead (never for training distances).
public enum Geodesy {
    public static let semiMajorAxis = 6_378_137.0
    public static let flattening = 1 / 298.257_223_563
    public static let semiMinorAxis = semiMajorAxis * (1 - flattening)
    /// IUGG mean radius (2a + b) / 3, the radius haversine is usually given.
    public static let meanRadius = 6_371_008.8

    /// Geodesic distance in metres and initial bearing in degrees (0...360, nil for coincident points).
    public static func inverse(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double)
        -> (distance: Double, initialBearing: Double?) {
        let a = semiMajorAxis, b = semiMinorAxis, f = flattening
        let L = (longitude2 - longitude1) * .pi / 180
        let U1 = atan((1 - f) * tan(latitude1 * .pi / 180))
        let U2 = atan((1 - f) * tan(latitude2 * .pi / 180))
        let sinU1 = sin(U1), cosU1 = cos(U1), sinU2 = sin(U2), cosU2 = cos(U2)
        var lambda = L
        for _ in 0..<200 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let sinSigma = ((cosU2 * sinLambda) * (cosU2 * sinLambda)
                + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)).squareRoot()
            if sinSigma == 0 { return (0, nil) }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cos2Alpha = 1 - sinAlpha * sinAlpha
            let cos2SigmaM = cos2Alpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cos2Alpha : 0 // equatorial line
            let C = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
            let previous = lambda
            lambda = L + (1 - C) * f * sinAlpha
                * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let uSq = cos2Alpha * (a * a - b * b) / (b * b)
                let A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
                let B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
                let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                    - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                let distance = b * A * (sigma - deltaSigma)
                let bearing = atan2(cosU2 * sin(lambda), cosU1 * sinU2 - sinU1 * cosU2 * cos(lambda)) * 180 / .pi
                return (distance, (bearing + 360).truncatingRemainder(dividingBy: 360))
            }
        }
        // Nearly antipodal: no convergence. Fall back to the sphere.
        return (haversine(latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2),
                sphericalBearing(latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2))
    }

    /// Ellipsoidal distance in metres.
    public static func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        inverse(latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2).distance
    }

    /// Great-circle distance on the mean sphere: what naive trackers sum between raw fixes.
    public static func haversine(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let p1 = latitude1 * .pi / 180, p2 = latitude2 * .pi / 180
        let dp = p2 - p1, dl = (longitude2 - longitude1) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * meanRadius * asin(min(1, h.squareRoot()))
    }

    /// Initial great-circle bearing in degrees 0...360.
    public static func sphericalBearing(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let p1 = latitude1 * .pi / 180, p2 = latitude2 * .pi / 180, dl = (longitude2 - longitude1) * .pi / 180
        let y = sin(dl) * cos(p2)
        let x = cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)
        return (atan2(y, x) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
    }
}
