/// A course file's bytes to a course: the format is told by the content, not the name (a FIT
/// file by its header's ".FIT", GPX and TCX by their root element), the size is checked first.
public enum CourseFile {
    public static func read(_ bytes: [UInt8]) throws -> Course {
        guard bytes.count <= Course.maximumFileBytes else {
            throw CourseError("a course file may hold at most \(Course.maximumFileBytes / 1_048_576) MB; this one has \(bytes.count) bytes")
        }
        switch format(of: bytes) {
        case "FIT": return try Course(FITCourseReader.read(bytes))
        case "GPX": return try Course(GPXCourseReader.read(bytes))
        case "TCX": return try Course(TCXCourseReader.read(bytes))
        default: throw CourseError("not a GPX, TCX or FIT course file")
        }
    }

    /// "FIT", "GPX", "TCX" or nil: a FIT header says ".FIT" at byte 8; an XML file's first
    /// element (after the declaration, comments and a DOCTYPE, within the first 4 KB) is `gpx`
    /// or `TrainingCenterDatabase`, with or without a namespace prefix.
    static func format(of bytes: [UInt8]) -> String? {
        if bytes.count >= 12, bytes[8...11].elementsEqual(".FIT".utf8) { return "FIT" }
        var i = 0
        let end = min(bytes.count, 4096)
        while i < end {
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < end else { i += 1; continue }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") { i += 2; continue }
            var j = i + 1
            var name: [UInt8] = []
            while j < end, bytes[j] != UInt8(ascii: " "), bytes[j] != UInt8(ascii: ">"), bytes[j] != UInt8(ascii: "/"),
                  bytes[j] != UInt8(ascii: "\n"), bytes[j] != UInt8(ascii: "\r"), bytes[j] != UInt8(ascii: "\t") {
                if bytes[j] == UInt8(ascii: ":") { name = [] } else { name.append(bytes[j]) }
                j += 1
            }
            if name.elementsEqual("gpx".utf8) { return "GPX" }
            if name.elementsEqual("TrainingCenterDatabase".utf8) { return "TCX" }
            return nil
        }
        return nil
    }
}
