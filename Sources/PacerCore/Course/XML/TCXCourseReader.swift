/// Reads a TCX file (TrainingCenterDatabase v2) into a `CourseDraft`: the first
/// `Courses/Course`, its `Name`, the trackpoints of its `Track`s and its `CoursePoint`s as cues
/// (`PointType` read as `CourseCueKind.tcx` names, case aside); a file with no course (or a course
/// without trackpoints) is an activity, whose first `Activities/Activity`'s laps' trackpoints are the track, so a ride
/// already done can be followed again (its name is the Activity's `Id`, else "activity").
///
/// A trackpoint without a `Position` (a pause, a sensor-only sample) is skipped; one with a
/// `Position` missing a degree or with an unreadable one is an error naming the element and its
/// byte, as is a coordinate that is not finite or not on the globe. Elements are matched by local
/// name at their place, so namespaces do not matter; everything else is skipped.
public enum TCXCourseReader {
    public static func read(_ bytes: [UInt8]) throws -> CourseDraft {
        try Reading.read(bytes)
    }

    /// What the text of the element being gathered is for.
    private enum Field {
        case courseName, activityId, latitude, longitude, altitude, pointName, pointType
    }

    /// A trackpoint or a course point being read: where it and its `Position` began, and what
    /// its children said.
    private struct Pending {
        var depth: Int
        var offset: Int
        var positionOffset: Int?
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var name = ""
        var type = ""
    }

    private struct Reading: XMLCourseReading {
        var walk: XMLWalk<Field>
        var courses = 0
        var activities = 0
        var courseName: String?
        var activityId: String?
        var coursePoints: [CourseDraft.Point] = []
        var activityPoints: [CourseDraft.Point] = []
        var cues: [CourseDraft.Cue] = []
        var trackpoint: Pending?
        var coursePoint: Pending?

        init(_ bytes: [UInt8]) { walk = XMLWalk(bytes, format: "TCX") }

        func draft() -> CourseDraft {
            if courses > 0 && !(coursePoints.isEmpty && !activityPoints.isEmpty) {
                return CourseDraft(format: "TCX", name: CourseXMLText.nonEmpty(courseName) ?? "", points: coursePoints, cues: cues)
            }
            if activities > 0 {
                return CourseDraft(format: "TCX", name: CourseXMLText.nonEmpty(activityId) ?? "activity", points: activityPoints, cues: [])
            }
            return CourseDraft(format: "TCX")
        }

        mutating func started(_ name: String) throws {
            let path = walk.path
            let local = path[path.count - 1]
            let depth = path.count
            if depth == 1 {
                guard local == "TrainingCenterDatabase" else { throw walk.fail("the root element is <\(name)>, not <TrainingCenterDatabase>") }
                return
            }
            if let p = trackpoint {
                // Trackpoint / Position / {Latitude,Longitude}Degrees, Trackpoint / AltitudeMeters.
                if depth == p.depth + 1 && local == "Position" {
                    trackpoint?.positionOffset = walk.scanner.tokenOffset
                } else if depth == p.depth + 1 && local == "AltitudeMeters" {
                    walk.gather(.altitude)
                } else if depth == p.depth + 2 && path[p.depth] == "Position" {
                    if local == "LatitudeDegrees" { walk.gather(.latitude) } else if local == "LongitudeDegrees" { walk.gather(.longitude) }
                }
                return
            }
            if let p = coursePoint {
                // CoursePoint / Name, PointType, Position / {Latitude,Longitude}Degrees.
                if depth == p.depth + 1 {
                    switch local {
                    case "Name": walk.gather(.pointName)
                    case "PointType": walk.gather(.pointType)
                    case "Position": coursePoint?.positionOffset = walk.scanner.tokenOffset
                    default: break
                    }
                } else if depth == p.depth + 2 && path[p.depth] == "Position" {
                    if local == "LatitudeDegrees" { walk.gather(.latitude) } else if local == "LongitudeDegrees" { walk.gather(.longitude) }
                }
                return
            }
            if walk.at(Self.course) {
                courses += 1
            } else if walk.at(Self.activity) {
                activities += 1
            } else if courses == 1 && walk.at(Self.courseNamePath) {
                walk.gather(.courseName)
            } else if activities == 1 && walk.at(Self.activityIdPath) {
                walk.gather(.activityId)
            } else if courses == 1 && walk.at(Self.courseTrackpoint) || activities == 1 && walk.at(Self.activityTrackpoint) {
                trackpoint = Pending(depth: depth, offset: walk.scanner.tokenOffset)
            } else if courses == 1 && walk.at(Self.coursePointPath) {
                coursePoint = Pending(depth: depth, offset: walk.scanner.tokenOffset)
            }
        }

        mutating func ended(_ gathered: XMLWalk<Field>.Gathered?) throws {
            let path = walk.path
            let depth = path.count
            if let g = gathered {
                let text = g.text
                switch g.field {
                case .courseName: courseName = text
                case .activityId: activityId = text
                case .pointName: coursePoint?.name = CourseXMLText.trimmed(text)
                case .pointType: coursePoint?.type = text
                case .latitude: set(\.latitude, try number(text, at: g.offset, limit: 90))
                case .longitude: set(\.longitude, try number(text, at: g.offset, limit: 180))
                case .altitude:
                    // An empty <AltitudeMeters/> says nothing, as an absent one.
                    let value = CourseXMLText.trimmed(text).isEmpty ? nil : try number(text, at: g.offset, limit: nil)
                    trackpoint?.altitude = value
                }
            }
            if let p = trackpoint, p.depth == depth {
                trackpoint = nil
                if let position = try position(p, "Trackpoint") {
                    let point = CourseDraft.Point(latitude: position.0, longitude: position.1, elevation: p.altitude)
                    if path[1] == "Courses" { coursePoints.append(point) } else { activityPoints.append(point) }
                }
            }
            if let p = coursePoint, p.depth == depth {
                coursePoint = nil
                let position = try self.position(p, "CoursePoint")
                cues.append(CourseDraft.Cue(name: p.name, kind: CourseCueKind.named(p.type) ?? CourseCueKind.tcx(p.type),
                                            latitude: position?.0, longitude: position?.1))
            }
        }

        /// A degree into the trackpoint or course point being read.
        private mutating func set(_ field: WritableKeyPath<Pending, Double?>, _ value: Double) {
            if trackpoint != nil { trackpoint?[keyPath: field] = value } else { coursePoint?[keyPath: field] = value }
        }

        /// The point's position; nil when it has no `Position`; an error when its `Position` lacks a degree.
        private func position(_ p: Pending, _ element: String) throws -> (Double, Double)? {
            guard let offset = p.positionOffset else { return nil }
            guard let latitude = p.latitude else { throw walk.fail("<Position> of a <\(element)> has no <LatitudeDegrees>", at: offset) }
            guard let longitude = p.longitude else { throw walk.fail("<Position> of a <\(element)> has no <LongitudeDegrees>", at: offset) }
            return (latitude, longitude)
        }

        /// The number an element's text is: finite, and within ±`limit` when given.
        private func number(_ text: String, at offset: Int, limit: Double?) throws -> Double {
            let element = walk.path[walk.path.count - 1]
            guard let value = XMLNumber.parse(text) else {
                throw walk.fail("<\(element)> \(CourseXMLText.quoted(text)) is not a number", at: offset)
            }
            guard value.isFinite else { throw walk.fail("<\(element)> \(CourseXMLText.quoted(text)) is not a finite number", at: offset) }
            if let limit, value < -limit || value > limit {
                throw walk.fail("<\(element)> \(CourseXMLText.quoted(text)) is not within -\(limit.wholeText())...\(limit.wholeText())", at: offset)
            }
            return value
        }

        static let course = ["Courses", "Course"]
        static let courseNamePath = ["Courses", "Course", "Name"]
        static let courseTrackpoint = ["Courses", "Course", "Track", "Trackpoint"]
        static let coursePointPath = ["Courses", "Course", "CoursePoint"]
        static let activity = ["Activities", "Activity"]
        static let activityIdPath = ["Activities", "Activity", "Id"]
        static let activityTrackpoint = ["Activities", "Activity", "Lap", "Track", "Trackpoint"]
    }
}
