import Foundation
import XCTest
@testable import PacerCore

/// The corpus's GPX and TCX tracks read by another XML reader (python3's xml.etree) at test
/// time, so the course readers are checked against values they did not compute: every point,
/// in order, with its elevation, and the name by the same rules. (Here, not in PacerCoreTests:
/// those also run in the arm64 chroot, which has no python.)
enum CourseFileOracle {
    static let script = #"""
        import sys, xml.etree.ElementTree as ET
        def local(e): return e.tag.rsplit('}', 1)[-1]
        def kids(e, name): return [c for c in e if local(c) == name]
        def text(e, name):
            found = kids(e, name)
            return found[0].text.strip() if found and found[0].text and found[0].text.strip() else None
        root = ET.parse(sys.argv[2]).getroot()
        points, name = [], None
        if sys.argv[1] == 'GPX':
            for trk in kids(root, 'trk'):
                name = name or text(trk, 'name')
                for seg in kids(trk, 'trkseg'):
                    for p in kids(seg, 'trkpt'):
                        points.append((float(p.get('lat')), float(p.get('lon')), text(p, 'ele')))
            for m in kids(root, 'metadata'):
                name = text(m, 'name') or name
        else:
            activity = [a for acts in kids(root, 'Activities') for a in kids(acts, 'Activity')][0]
            name = text(activity, 'Id') or 'activity'
            for lap in kids(activity, 'Lap'):
                for track in kids(lap, 'Track'):
                    for tp in kids(track, 'Trackpoint'):
                        for pos in kids(tp, 'Position'):
                            points.append((float(text(pos, 'LatitudeDegrees')), float(text(pos, 'LongitudeDegrees')), text(tp, 'AltitudeMeters')))
        print(name or '')
        for lat, lon, ele in points:
            print(repr(lat), repr(lon), repr(float(ele)) if ele is not None else '-')
        """#

    /// The name and points python finds in a corpus file of `format` ("GPX" or "TCX").
    static func read(_ format: String, _ path: String) throws -> (name: String, points: [CourseDraft.Point]) {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw MissingPrerequisite.error("no \(python) to read \(path) independently") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, format, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CourseError("python3 could not read \(path)") }
        var lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let name = lines.first else { throw CourseError("python3 printed nothing for \(path)") }
        let points = try lines.dropFirst().map { line -> CourseDraft.Point in
            let fields = line.split(separator: " ")
            guard fields.count == 3, let lat = Double(fields[0]), let lon = Double(fields[1]) else { throw CourseError("python3 printed \(line)") }
            return CourseDraft.Point(latitude: lat, longitude: lon, elevation: fields[2] == "-" ? nil : Double(fields[2]))
        }
        return (String(name), points)
    }

    /// The corpus file's path, or a skip (a failure under CI) when the corpus is not there.
    static func corpusPath(_ relative: String) throws -> String {
        let path = BuiltBinaries.corpus.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else { throw MissingPrerequisite.error("corpus file \(relative) not found at \(path)") }
        return path
    }
}
