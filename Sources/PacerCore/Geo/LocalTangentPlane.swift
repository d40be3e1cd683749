#if canImport(Glibc)
import Glibc
#endif

/// East/north metres around an origin on the WGS84 ellipsoid, using the meridional and
/// prime-vertical radii of curvature at the origin: the frame the position filter works in.
/// Within a kilometre of the origin distances agree with Vincenty to about 1e-4 relative;
/// the filter re-anchors the plane every 200 m, where the error is below 3e-5.
public struct LocalTangentPlane: Sendable {
    public let originLatitude: Double
    public let originLongitude: Double
    /// Metres per radian of latitude / longitude at the origin.
    private let northScale: Double
    private let eastScale: Double

    public init(latitude: Double, longitude: Double) {
        originLatitude = latitude
        originLongitude = longitude
        let a = Geodesy.semiMajorAxis
        let e2 = Geodesy.flattening * (2 - Geodesy.flattening)
        let s = sin(latitude * .pi / 180)
        let w = (1 - e2 * s * s).squareRoot()
        northScale = a * (1 - e2) / (w * w * w)
        eastScale = a / w * cos(latitude * .pi / 180)
    }

    public func project(latitude: Double, longitude: Double) -> (east: Double, north: Double) {
        var dl = longitude - originLongitude
        if dl > 180 { dl -= 360 } else if dl < -180 { dl += 360 }
        return (dl * .pi / 180 * eastScale, (latitude - originLatitude) * .pi / 180 * northScale)
    }

    public func unproject(east: Double, north: Double) -> (latitude: Double, longitude: Double) {
        var lon = originLongitude + east / eastScale * 180 / .pi
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        return (originLatitude + north / northScale * 180 / .pi, lon)
    }
}
