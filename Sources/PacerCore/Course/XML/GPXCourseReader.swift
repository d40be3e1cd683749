/// Reads a GPX file (1.0 or 1.1, as Komoot, Ride with GPS, Strava and Garmin Connect export a
/// route) into a `CourseDraft`. The track is every `trk/trkseg/trkpt` of every track in file
/// order; a file without track points is a route, every `rte/rtept` of every route, each
/// followed by the shaping points Garmin puts in its `gpxx:RoutePointExtension` (the road between
/// two route points, without which a Garmin route is a line between turns). Waypoints (`wpt`)
/// become cues. The name is `metadata/name` (GPX 1.0: `gpx/name`), else the track's or route's.
///
/// Elements are matched by local name at their place in the document, so namespaces and
/// prefixes do not matter and a `trkpt` inside someone's extension is not a track point;
/// everything else is skipped. Coordinates and elevations are checked numbers: a missing or
/// unreadable one is an error naming the element and its byte, as is a coordinate that is not
/// finite or not on the globe (the builder would refuse it too, without saying where).
public enum GPXCourseReader {
    public static func read(_ bytes: [UInt8]) throws -> CourseDraft {
        try Reading.read(bytes)
    }

    /// What the text of the element being gathered is for.
    private enum Field {
        case fileName, trackName, routeName, elevation, waypointName, waypointType, waypointSymbol
    }

    /// Which list the point being read goes to.
    private enum PointList {
        case track, route
    }

    private struct Reading: XMLCourseReading {
        var walk: XMLWalk<Field>
        var fileName: String?
        var trackName: String?
        var routeName: String?
        var trackPoints: [CourseDraft.Point] = []
        var routePoints: [CourseDraft.Point] = []
        var cues: [CourseDraft.Cue] = []
        var point: (list: PointList, value: CourseDraft.Point)?
        var waypoint: (cue: CourseDraft.Cue, type: String?, symbol: String?)?

        init(_ bytes: [UInt8]) { walk = XMLWalk(bytes, format: "GPX") }

        func draft() -> CourseDraft {
            let useTrack = !trackPoints.isEmpty
            let name = CourseXMLText.nonEmpty(fileName) ?? (useTrack ? CourseXMLText.nonEmpty(trackName) : CourseXMLText.nonEmpty(routeName)) ?? ""
            return CourseDraft(format: "GPX", name: name, points: useTrack ? trackPoints : routePoints, cues: cues)
        }

        mutating func started(_ name: String) throws {
            let path = walk.path
            let local = path[path.count - 1]
            switch path.count {
            case 1:
                guard local == "gpx" else { throw walk.fail("the root element is <\(name)>, not <gpx>") }
            case 2:
                if local == "wpt" {
                    let (latitude, longitude) = try position(of: name)
                    waypoint = (CourseDraft.Cue(name: "", kind: .generic, latitude: latitude, longitude: longitude), nil, nil)
                } else if local == "name" {
                    walk.gather(.fileName)
                }
            case 3:
                switch (path[1], local) {
                case ("metadata", "name"): walk.gather(.fileName)
                case ("trk", "name") where trackName == nil: walk.gather(.trackName)
                case ("rte", "name") where routeName == nil: walk.gather(.routeName)
                case ("rte", "rtept"):
                    let (latitude, longitude) = try position(of: name)
                    point = (.route, CourseDraft.Point(latitude: latitude, longitude: longitude))
                case ("wpt", "name"): walk.gather(.waypointName)
                case ("wpt", "type"): walk.gather(.waypointType)
                case ("wpt", "sym"): walk.gather(.waypointSymbol)
                default: break
                }
            case 4:
                if path[1] == "trk" && path[2] == "trkseg" && local == "trkpt" {
                    let (latitude, longitude) = try position(of: name)
                    point = (.track, CourseDraft.Point(latitude: latitude, longitude: longitude))
                } else if path[1] == "rte" && path[2] == "rtept" && local == "ele" {
                    walk.gather(.elevation)
                }
            case 5:
                if path[1] == "trk" && path[2] == "trkseg" && path[3] == "trkpt" && local == "ele" { walk.gather(.elevation) }
            case 6:
                // Garmin's shaping points: rte/rtept/extensions/gpxx:RoutePointExtension/gpxx:rpt.
                if path[1] == "rte" && path[2] == "rtept" && path[3] == "extensions" && path[4] == "RoutePointExtension" && local == "rpt" {
                    let (latitude, longitude) = try position(of: name)
                    if let p = point { routePoints.append(p.value) }
                    point = nil
                    routePoints.append(CourseDraft.Point(latitude: latitude, longitude: longitude))
                }
            default:
                break
            }
        }

        mutating func ended(_ gathered: XMLWalk<Field>.Gathered?) throws {
            let path = walk.path
            if let g = gathered {
                let text = g.text
                switch g.field {
                case .fileName: fileName = text
                case .trackName: trackName = text
                case .routeName: routeName = text
                case .waypointName: waypoint?.cue.name = CourseXMLText.trimmed(text)
                case .waypointType: waypoint?.type = text
                case .waypointSymbol: waypoint?.symbol = text
                case .elevation:
                    let value = try elevation(text, at: g.offset)
                    point?.value.elevation = value
                }
            }
            switch path.count {
            case 2 where path[1] == "wpt":
                if let w = waypoint {
                    var cue = w.cue
                    cue.kind = w.type.flatMap { CourseCueKind.named($0) } ?? w.symbol.flatMap { CourseCueKind.named($0) } ?? .generic
                    cues.append(cue)
                }
                waypoint = nil
            case 3 where path[1] == "rte" && path[2] == "rtept", 4 where path[1] == "trk" && path[3] == "trkpt":
                if let p = point {
                    switch p.list {
                    case .track: trackPoints.append(p.value)
                    case .route: routePoints.append(p.value)
                    }
                }
                point = nil
            default:
                break
            }
        }

        /// The `lat` and `lon` attributes of the start tag just read.
        private func position(of element: String) throws -> (Double, Double) {
            (try coordinate("lat", of: element, limit: 90), try coordinate("lon", of: element, limit: 180))
        }

        private func coordinate(_ attribute: String, of element: String, limit: Double) throws -> Double {
            guard let text = walk.scanner.attribute(attribute) else { throw walk.fail("<\(element)> has no \(attribute) attribute") }
            guard let value = XMLNumber.parse(text) else { throw walk.fail("<\(element)> \(attribute)=\(CourseXMLText.quoted(text)) is not a number") }
            guard value.isFinite, value >= -limit, value <= limit else {
                throw walk.fail("<\(element)> \(attribute)=\(CourseXMLText.quoted(text)) is not a \(attribute == "lat" ? "latitude" : "longitude") (-\(limit.wholeText())...\(limit.wholeText()))")
            }
            return value
        }

        /// An elevation's text: none when empty, else a finite number.
        private func elevation(_ text: String, at offset: Int) throws -> Double? {
            if CourseXMLText.trimmed(text).isEmpty { return nil }
            guard let value = XMLNumber.parse(text), value.isFinite else {
                throw walk.fail("<ele> \(CourseXMLText.quoted(text)) is not a finite number", at: offset)
            }
            return value
        }
    }
}
