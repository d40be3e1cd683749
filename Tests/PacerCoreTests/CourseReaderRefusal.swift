import XCTest
@testable import PacerCore

/// What the course reader tests ask of a bad file: the one message it is refused with, or a
/// failure when it is read, or refused with something other than a `CourseError`.
enum CourseReaderRefusal {
    static func message(_ read: ([UInt8]) throws -> CourseDraft, _ bytes: [UInt8], file: StaticString, line: UInt) -> String? {
        do {
            _ = try read(bytes)
            return nil
        } catch let error as CourseError {
            return error.message
        } catch {
            XCTFail("not a CourseError: \(error)", file: file, line: line)
            return nil
        }
    }
}
