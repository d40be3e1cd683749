import Foundation
import XCTest

/// What a test throws when something it needs (the corpus, a built binary, a peer such as gpsd
/// or dbus-daemon) is absent: a skip on a developer's machine, a failure when `CI` is set, where
/// a skipped test would hide that nothing was checked. (Each test target has this copy: targets
/// share no test-support module.)
struct MissingPrerequisite: Error, CustomStringConvertible {
    let description: String

    static func error(_ reason: String) -> Error {
        guard ProcessInfo.processInfo.environment["CI"] != nil else { return XCTSkip(reason) }
        return MissingPrerequisite(description: reason + " (CI is set: a missing prerequisite fails the test)")
    }
}
