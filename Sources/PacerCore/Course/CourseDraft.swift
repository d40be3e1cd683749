/// What a course reader found in a file, before it is checked and measured: the track in file
/// order and the cues as the file gives them. `Course(draft)` turns it into a course or refuses it.
public struct CourseDraft: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var latitude: Double
        public var longitude: Double
        public var elevation: Double?
        public init(latitude: Double, longitude: Double, elevation: Double? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.elevation = elevation
        }
    }

    public struct Cue: Equatable, Sendable {
        public var name: String
        public var kind: CourseCueKind
        public var latitude: Double?
        public var longitude: Double?
        /// Metres from the start when the file says (FIT's `course_point.distance`).
        public var distance: Double?
        public init(name: String, kind: CourseCueKind, latitude: Double? = nil, longitude: Double? = nil, distance: Double? = nil) {
            self.name = name
            self.kind = kind
            self.latitude = latitude
            self.longitude = longitude
            self.distance = distance
        }
    }

    /// The file's format, for messages: "GPX", "TCX", "FIT".
    public var format: String
    public var name: String
    public var points: [Point]
    public var cues: [Cue]

    public init(format: String, name: String = "", points: [Point] = [], cues: [Cue] = []) {
        self.format = format
        self.name = name
        self.points = points
        self.cues = cues
    }
}
