import Foundation
import XCTest

/// pacerd links its Swift runtime statically for the board: one `import Foundation` anywhere in
/// the core, the adapters or the daemon links all of Foundation into it (a 20 MB binary became
/// 80 MB, and pacerd's resident memory grew by half). Only pacerctl's own files may import it.
final class ImportRulesTests: XCTestCase {
    func testTheCoreTheAdaptersAndTheDaemonDoNotImportFoundation() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var scanned = 0
        var offenders: [String] = []
        for folder in ["Sources/PacerCore", "Sources/PacerSystem", "Sources/pacerd"] {
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let name as String in files where name.hasSuffix(".swift") {
                let text = try String(contentsOfFile: base.appendingPathComponent(name).path, encoding: .utf8)
                scanned += 1
                for line in text.split(separator: "\n") where line.hasPrefix("import Foundation") {
                    offenders.append("\(folder)/\(name): \(line)")
                }
            }
        }
        XCTAssertGreaterThan(scanned, 100, "the sources were not found from \(root.path)")
        XCTAssertEqual(offenders, [])
    }
}
