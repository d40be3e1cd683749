import Foundation

/// The project's own sources, for tests that hold rules over them (EINTR, imports).
enum SourceTree {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under `folders` (relative to the package root): its path as
    /// `folder/name` and its text.
    static func swiftFiles(in folders: [String]) throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let names = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let name as String in names where name.hasSuffix(".swift") {
                files.append(("\(folder)/\(name)", try String(contentsOfFile: base.appendingPathComponent(name).path, encoding: .utf8)))
            }
        }
        return files
    }
}
