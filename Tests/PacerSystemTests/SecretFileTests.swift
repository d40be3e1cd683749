import Foundation
@testable import PacerSystem
import XCTest

/// `SecretFile.read`: a credential file others can read is refused with a message naming the
/// file and its mode; one only its owner can read gives its trimmed contents.
final class SecretFileTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "pacer-secret-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func file(_ name: String, _ contents: String, mode: Int) throws -> String {
        let path = directory + "/" + name
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    func testAFileOnlyItsOwnerCanReadGivesItsTrimmedContents() throws {
        XCTAssertEqual(try SecretFile.read(try file("token", "  abc123-refresh\n\n", mode: 0o600)), "abc123-refresh")
        XCTAssertEqual(try SecretFile.read(try file("key", "k", mode: 0o400)), "k")
    }

    func testAFileOthersCanReadIsRefusedWithItsPathAndMode() throws {
        let path = try file("token", "abc123-refresh\n", mode: 0o644)
        XCTAssertThrowsError(try SecretFile.read(path)) { error in
            XCTAssertEqual("\(error)", "secret file \(path) is readable or writable by group or others (mode 0644); "
                           + "chmod 600 it, owned by the user pacerd runs as")
            XCTAssertFalse("\(error)".contains("abc123"))
        }
        XCTAssertThrowsError(try SecretFile.read(try file("group", "x", mode: 0o640)))
        XCTAssertThrowsError(try SecretFile.read(try file("writable", "x", mode: 0o602)))
    }

    func testWhatIsNoSecretIsRefused() throws {
        let large = try file("large", String(repeating: "a", count: SecretFile.maximumSize + 1), mode: 0o600)
        XCTAssertThrowsError(try SecretFile.read(large)) {
            XCTAssertEqual("\($0)", "secret file \(large) is \(SecretFile.maximumSize + 1) bytes, more than a secret's \(SecretFile.maximumSize)")
        }
        let blank = try file("blank", " \n", mode: 0o600)
        XCTAssertThrowsError(try SecretFile.read(blank)) { XCTAssertEqual("\($0)", "secret file \(blank) is empty") }
        XCTAssertThrowsError(try SecretFile.read(directory)) { XCTAssertEqual("\($0)", "secret file \(directory) is not a regular file") }
        XCTAssertThrowsError(try SecretFile.read(directory + "/missing")) {
            XCTAssertEqual("\($0)", "secret file \(directory)/missing: No such file or directory")
        }
    }
}
