/// A session's route as inline SVG with no map tiles (the board is offline): positions in a
/// local tangent plane around the route's first point, north up, scaled to fit with equal
/// metres on both axes; a start and a finish marker and a dot at each whole kilometre (mile);
/// the course followed under it, and the stretches ridden off it over it.
public enum RoutePlot {
    static let size = 400.0, margin = 14.0

    /// The route's points: latitude, longitude and the distance from the start in metres.
    public struct Point: Equatable, Sendable {
        public var latitude: Double, longitude: Double, distance: Double
        public init(latitude: Double, longitude: Double, distance: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.distance = distance
        }
    }

    /// Nothing when the session has fewer than two positions.
    /// `offCourse`: ranges of `points` ridden off the course.
    public static func svg(_ points: [Point], title: String, markEvery metres: Double, markUnit: String,
                           course: [CourseOutlinePoint] = [], offCourse: [Range<Int>] = [], into h: inout XMLText) {
        guard points.count >= 2, let first = points.first else { return }
        let plane = LocalTangentPlane(latitude: first.latitude, longitude: first.longitude)
        let xy = points.map { plane.project(latitude: $0.latitude, longitude: $0.longitude) }
        let courseXY = course.map { plane.project(latitude: $0.latitude, longitude: $0.longitude) }
        let all = xy + courseXY
        let minE = all.map(\.east).min()!, maxE = all.map(\.east).max()!
        let minN = all.map(\.north).min()!, maxN = all.map(\.north).max()!
        let span = max(maxE - minE, maxN - minN, 1)
        let scale = (size - 2 * margin) / span
        // Centred in the square: the narrower side gets the spare room.
        let offsetX = margin + ((size - 2 * margin) - (maxE - minE) * scale) / 2
        let offsetY = margin + ((size - 2 * margin) - (maxN - minN) * scale) / 2
        func px(_ p: (east: Double, north: Double)) -> (Double, Double) {
            (offsetX + (p.east - minE) * scale, offsetY + (maxN - p.north) * scale)
        }
        h.raw("<figure class=\"chart route\" id=\"route\"><svg class=\"route\" viewBox=\"0 0 400 400\" role=\"img\" aria-labelledby=\"route-title\""
              + " xmlns=\"http://www.w3.org/2000/svg\"><title id=\"route-title\">")
        h.escaped(title)
        h.raw("</title>")
        func polyline(_ cssClass: String, _ line: ArraySlice<(east: Double, north: Double)>) {
            h.raw("<polyline class=\"" + cssClass + "\" fill=\"none\" points=\"")
            // One vertex per pixel at most: a 10 Hz ride would otherwise write tens of thousands.
            var last = (-10.0, -10.0)
            for (k, p) in zip(line.indices, line) {
                let (x, y) = px(p)
                if k > line.startIndex, k < line.endIndex - 1, abs(x - last.0) < 1, abs(y - last.1) < 1 { continue }
                h.number(x, 1); h.bytes.append(UInt8(ascii: ",")); h.number(y, 1); h.bytes.append(UInt8(ascii: " "))
                last = (x, y)
            }
            h.raw("\"/>")
        }
        if courseXY.count >= 2 { polyline("course", courseXY[...]) }
        polyline("route", xy[...])
        for range in offCourse where range.count >= 2 && range.upperBound <= xy.count { polyline("off-course", xy[range]) }
        var marks: [[String]] = []
        if metres > 0 {
            var next = metres
            for (k, p) in points.enumerated() where p.distance >= next {
                let n = (p.distance / metres).clampedInt(.down)
                let (x, y) = px(xy[k])
                h.raw("<circle class=\"km\" data-mark=\""); h.number(Double(n), 0); h.raw("\""); h.attribute("cx", x); h.attribute("cy", y)
                h.raw(" r=\"5\"/><text class=\"km\""); h.attribute("x", x); h.attribute("y", y + 3)
                h.raw(">"); h.number(Double(n), 0); h.raw("</text>")
                marks.append(["\(n) " + markUnit, RoutePlot.coordinate(p.latitude), RoutePlot.coordinate(p.longitude)])
                next = Double(n + 1) * metres
            }
        }
        let (sx, sy) = px(xy[0]), (fx, fy) = px(xy[xy.count - 1])
        h.raw("<circle class=\"start\" cx=\"" + SVGChart.f(sx) + "\" cy=\"" + SVGChart.f(sy) + "\" r=\"7\"><title>start</title></circle>"
              + "<rect class=\"finish\" x=\"" + SVGChart.f(fx - 6) + "\" y=\"" + SVGChart.f(fy - 6) + "\" width=\"12\" height=\"12\"><title>finish</title></rect>")
        h.raw("</svg>")
        let rows = [["start", coordinate(first.latitude), coordinate(first.longitude)]] + marks
            + [["finish", coordinate(points[points.count - 1].latitude), coordinate(points[points.count - 1].longitude)]]
        SVGChart.table(head: ["Point", "Latitude", "Longitude"], rows: rows, into: &h)
        h.raw("</figure>\n")
    }

    static func coordinate(_ degrees: Double) -> String { UnitSystem.fixed(degrees, 6) }
}
