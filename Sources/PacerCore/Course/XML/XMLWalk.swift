/// The walk through a course file that the GPX and TCX readers take alike: the scanner's events
/// with the local names of the open elements kept as a path, the text of an element a reader
/// asked for gathered until it ends, and every error said with the format in front. What the
/// elements mean stays with each reader; `Field` is its word for what a gathered text is for.
struct XMLWalk<Field> {
    /// What the walk gives a reader: an element began, or is ending.
    enum Step {
        /// An element began (its qualified name; its local name is last in `path`, its attributes
        /// are the scanner's).
        case start(String)
        /// An element ends, still last in `path`: with its text when the reader gathered it.
        case end(Gathered?)
    }

    /// The text of an element a reader asked for, what for, and the byte its start tag began at.
    struct Gathered {
        var field: Field
        var text: String
        var offset: Int
    }

    private(set) var scanner: XMLScanner
    /// Local names of the open elements, the root first.
    private(set) var path: [String] = []
    /// The format's name, in front of every message.
    let format: String
    /// The element whose text is being gathered: what for, its depth, where it began.
    private var gathering: (field: Field, depth: Int, offset: Int)?
    private var gathered = ""
    /// The last step ended an element, which leaves `path` at the next.
    private var closing = false

    init(_ bytes: [UInt8], format: String) {
        scanner = XMLScanner(bytes)
        self.format = format
    }

    /// The next start or end of an element; nil when the document is done. Text is gathered
    /// here, never given.
    mutating func next() throws -> Step? {
        if closing {
            closing = false
            path.removeLast()
        }
        while let event = try nextEvent() {
            switch event {
            case .start(let name):
                path.append(XMLScanner.localName(name))
                return .start(name)
            case .text:
                if gathering != nil { gathered += scanner.text() }
            case .end:
                closing = true
                return .end(endGathering())
            }
        }
        return nil
    }

    /// Gathers the text of the element that just began (its children's too) for `field`.
    mutating func gather(_ field: Field) {
        gathering = (field, path.count, scanner.tokenOffset)
        gathered = ""
    }

    /// Whether the open elements are `names` below the root (and nothing else).
    func at(_ names: [String]) -> Bool {
        guard path.count == names.count + 1 else { return false }
        for (k, name) in names.enumerated() where path[k + 1] != name { return false }
        return true
    }

    /// A message about the file, at the byte where the last event began.
    func fail(_ message: String) -> CourseError {
        fail(message, at: scanner.tokenOffset)
    }

    /// A message about the file, at `offset`.
    func fail(_ message: String, at offset: Int) -> CourseError {
        CourseError("\(format): byte \(offset): \(message)")
    }

    private mutating func nextEvent() throws -> XMLScanner.Event? {
        do {
            return try scanner.next()
        } catch {
            throw CourseError("\(format): \(error)")
        }
    }

    /// The gathered text when the element ending is the one it was gathered for.
    private mutating func endGathering() -> Gathered? {
        guard let g = gathering, g.depth == path.count else { return nil }
        gathering = nil
        let text = gathered
        gathered = ""
        return Gathered(field: g.field, text: text, offset: g.offset)
    }
}
