/// What a course reader found in a file, before it is checked and measured: the track in file
/// order and the cues as the file gives them. `Course(draft)` turns it into a course or refuses it.
/// Made by the readers in this module only: the memberwise initialisers are internal.
public struct CourseDraft: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var latitude: Double
        public var longitude: Double
        public var elevation: Double?
    }

    public struct Cue: Equatable, Sendable {
        public var name: String
        public var kind: CourseCueKind
        public var latitude: Double?
        public var longitude: Double?
        /// Metres from the start when the file says (FIT's `course_point.distance`).
        public var distance: Double?
    }

    /// The file's format, for messages: "GPX", "TCX", "FIT".
    public var format: String
    public var name = ""
    public var points: [Point] = []
    public var cues: [Cue] = []
}
