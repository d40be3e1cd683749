import Foundation
import XCTest

/// pacerd links its Swift runtime statically for the board: one `import Foundation` anywhere in
/// the core, the adapters or the daemon links all of Foundation into it (a 20 MB binary became
/// 80 MB, and pacerd's resident memory grew by half). Only pacerctl's own files may import it.
final class ImportRulesTests: XCTestCase {
    func testTheCoreTheAdaptersAndTheDaemonDoNotImportFoundation() throws {
        let files = try SourceTree.swiftFiles(in: ["Sources/PacerCore", "Sources/PacerSystem", "Sources/pacerd"])
        let offenders = files.flatMap { file in
            file.text.split(separator: "\n").filter { $0.hasPrefix("import Foundation") }.map { "\(file.path): \($0)" }
        }
        XCTAssertGreaterThan(files.count, 100, "the sources were not found from \(SourceTree.root.path)")
        XCTAssertEqual(offenders, [])
    }
}
