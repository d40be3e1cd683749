import XCTest
import Glibc
@testable import PacerSystem

final class BufferedOutputTests: XCTestCase {
    func testEverythingWrittenArrivesInOrderThroughAPipe() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let out = BufferedOutput(fd: fds[1], capacity: 16)
        var expected: [UInt8] = []
        for i in 0..<200 {
            let line = "line \(i)\n"
            expected += Array(line.utf8)
            try out.write(line)
        }
        try out.flush()
        close(fds[1])
        var got: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &chunk, chunk.count)
            if n <= 0 { break }
            got += chunk[0..<n]
        }
        close(fds[0])
        XCTAssertEqual(got, expected)
    }

    func testWriteToClosedDescriptorThrowsNamedError() {
        let out = BufferedOutput(fd: -1, capacity: 4)
        XCTAssertThrowsError(try { try out.write("hello"); try out.flush() }()) { error in
            XCTAssertEqual((error as? SystemError)?.call, "write")
            XCTAssertEqual((error as? SystemError)?.errno, EBADF)
        }
    }
}
