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
        var reading = Reading(bytes)
        try reading.run()
        return reading.draft()
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

    private struct Reading {
        var scanner: XMLScanner
        /// Local names of the open elements, the root first.
        var path: [String] = []
        var courses = 0
        var activities = 0
        var courseName: String?
        var activityId: String?
        var coursePoints: [CourseDraft.Point] = []
        var activityPoints: [CourseDraft.Point] = []
        var cues: [CourseDraft.Cue] = []
        var gathering: (field: Field, depth: Int, offset: Int)?
        var gathered = ""
        var trackpoint: Pending?
        var coursePoint: Pending?

        init(_ bytes: [UInt8]) { scanner = XMLScanner(bytes) }

        mutating func run() throws {
            while let event = try nextEvent() {
                switch event {
                case .start(let name):
                    path.append(XMLScanner.localName(name))
                    try started(name)
                case .text:
                    if gathering != nil { gathered += scanner.text() }
                case .end:
                    try ended()
                    path.removeLast()
                }
            }
        }

        func draft() -> CourseDraft {
            if courses > 0 && !(coursePoints.isEmpty && !activityPoints.isEmpty) {
                return CourseDraft(format: "TCX", name: CourseXMLText.nonEmpty(courseName) ?? "", points: coursePoints, cues: cues)
            }
            if activities > 0 {
                return CourseDraft(format: "TCX", name: CourseXMLText.nonEmpty(activityId) ?? "activity", points: activityPoints, cues: [])
            }
            return CourseDraft(format: "TCX")
        }

        private mutating func nextEvent() throws -> XMLScanner.Event? {
            do {
                return try scanner.next()
            } catch {
                throw CourseError("TCX: \(error)")
            }
        }

        /// Whether the open elements are `names` below the root (and nothing else).
        private func at(_ names: [String]) -> Bool {
            guard path.count == names.count + 1 else { return false }
            for (k, name) in names.enumerated() where path[k + 1] != name { return false }
            return true
        }

        private mutating func started(_ name: String) throws {
            let local = path[path.count - 1]
            let depth = path.count
            if depth == 1 {
                guard local == "TrainingCenterDatabase" else { throw fail("the root element is <\(name)>, not <TrainingCenterDatabase>") }
                return
            }
            if let p = trackpoint {
                // Trackpoint / Position / {Latitude,Longitude}Degrees, Trackpoint / AltitudeMeters.
                if depth == p.depth + 1 && local == "Position" {
                    trackpoint?.positionOffset = scanner.tokenOffset
                } else if depth == p.depth + 1 && local == "AltitudeMeters" {
                    gather(.altitude)
                } else if depth == p.depth + 2 && path[p.depth] == "Position" {
                    if local == "LatitudeDegrees" { gather(.latitude) } else if local == "LongitudeDegrees" { gather(.longitude) }
                }
                return
            }
            if let p = coursePoint {
                // CoursePoint / Name, PointType, Position / {Latitude,Longitude}Degrees.
                if depth == p.depth + 1 {
                    switch local {
                    case "Name": gather(.pointName)
                    case "PointType": gather(.pointType)
                    case "Position": coursePoint?.positionOffset = scanner.tokenOffset
                    default: break
                    }
                } else if depth == p.depth + 2 && path[p.depth] == "Position" {
                    if local == "LatitudeDegrees" { gather(.latitude) } else if local == "LongitudeDegrees" { gather(.longitude) }
                }
                return
            }
            if at(Self.course) {
                courses += 1
            } else if at(Self.activity) {
                activities += 1
            } else if courses == 1 && at(Self.courseNamePath) {
                gather(.courseName)
            } else if activities == 1 && at(Self.activityIdPath) {
                gather(.activityId)
            } else if courses == 1 && at(Self.courseTrackpoint) || activities == 1 && at(Self.activityTrackpoint) {
                trackpoint = Pending(depth: depth, offset: scanner.tokenOffset)
            } else if courses == 1 && at(Self.coursePointPath) {
                coursePoint = Pending(depth: depth, offset: scanner.tokenOffset)
            }
        }

        private mutating func ended() throws {
            let depth = path.count
            if let g = gathering, g.depth == depth {
                gathering = nil
                let text = gathered
                gathered = ""
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
            guard let latitude = p.latitude else { throw CourseError("TCX: byte \(offset): <Position> of a <\(element)> has no <LatitudeDegrees>") }
            guard let longitude = p.longitude else { throw CourseError("TCX: byte \(offset): <Position> of a <\(element)> has no <LongitudeDegrees>") }
            return (latitude, longitude)
        }

        /// The number an element's text is: finite, and within ±`limit` when given.
        private func number(_ text: String, at offset: Int, limit: Double?) throws -> Double {
            let element = path[path.count - 1]
            guard let value = XMLNumber.parse(text) else {
                throw CourseError("TCX: byte \(offset): <\(element)> \(CourseXMLText.quoted(text)) is not a number")
            }
            guard value.isFinite else { throw CourseError("TCX: byte \(offset): <\(element)> \(CourseXMLText.quoted(text)) is not a finite number") }
            if let limit, value < -limit || value > limit {
                throw CourseError("TCX: byte \(offset): <\(element)> \(CourseXMLText.quoted(text)) is not within -\(limit.wholeText())...\(limit.wholeText())")
            }
            return value
        }

        private mutating func gather(_ field: Field) {
            gathering = (field, path.count, scanner.tokenOffset)
            gathered = ""
        }

        private func fail(_ message: String) -> CourseError {
            CourseError("TCX: byte \(scanner.tokenOffset): \(message)")
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
