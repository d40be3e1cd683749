/// What a GPX or TCX reader keeps as its own while `XMLWalk` takes it through a file: what an
/// element means where it begins and where it ends, and the draft all that made. The walk and
/// the order of the calls are the same for both, so they are here once.
protocol XMLCourseReading {
    associatedtype Field
    var walk: XMLWalk<Field> { get set }
    init(_ bytes: [UInt8])
    /// An element began: its qualified name; its local name is last in `walk.path`.
    mutating func started(_ name: String) throws
    /// The element last in `walk.path` ends, with its text when it was gathered.
    mutating func ended(_ gathered: XMLWalk<Field>.Gathered?) throws
    func draft() -> CourseDraft
}

extension XMLCourseReading {
    /// Reads the whole file, then drafts the course from what it held.
    static func read(_ bytes: [UInt8]) throws -> CourseDraft {
        var reading = Self(bytes)
        while let step = try reading.walk.next() {
            switch step {
            case .start(let name): try reading.started(name)
            case .end(let gathered): try reading.ended(gathered)
            }
        }
        return reading.draft()
    }
}
