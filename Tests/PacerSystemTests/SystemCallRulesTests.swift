import Foundation
import XCTest

/// Every interruptible system call in the adapters and executables runs inside
/// `restartingEINTR` or `retryingEINTR` (Sources/PacerSystem/Errno.swift): a scan of the sources,
/// so that a new call site cannot forget EINTR without failing here.
final class SystemCallRulesTests: XCTestCase {
    /// Calls that can fail with EINTR, and how many arguments the C function takes (a Swift
    /// method of the same name, like `read(&iterator)` or `send(path:...)`, has another shape).
    static let interruptible: [String: ClosedRange<Int>] = [
        "read": 3...3, "write": 3...3, "pread": 4...4, "pwrite": 4...4, "readv": 3...3, "writev": 3...3,
        "send": 4...4, "sendto": 6...6, "sendmsg": 3...3, "recv": 4...4, "recvfrom": 6...6, "recvmsg": 3...3,
        "accept": 3...3, "accept4": 4...4, "pacer_accept_nonblocking": 1...1, "connect": 3...3,
        "poll": 3...3, "ppoll": 4...4, "epoll_wait": 4...4, "select": 5...5,
        "open": 2...3, "openat": 3...4, "fsync": 1...1, "fdatasync": 1...1, "ftruncate": 2...2,
        "flock": 2...2, "tcdrain": 1...1, "tcsetattr": 3...3, "waitpid": 3...3, "wait4": 4...4,
        "gps.read": 3...3,
    ]

    static let wrappers = ["restartingEINTR", "retryingEINTR"]

    struct Violation: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var description: String { "\(file):\(line): \(text.trimmingCharacters(in: .whitespaces))" }
    }

    func testEverySystemCallRetriesEINTR() throws {
        let files = try SourceTree.swiftFiles(in: ["Sources/PacerSystem", "Sources/pacerd", "Sources/pacerctl"])
        let violations = files.flatMap { Self.scan($0.text, file: $0.path) }
        XCTAssertGreaterThan(files.count, 50, "the sources were not found from \(SourceTree.root.path)")
        XCTAssertTrue(violations.isEmpty, "system calls outside restartingEINTR/retryingEINTR:\n"
                      + violations.map(\.description).joined(separator: "\n"))
    }

    /// The scanner itself: it must see a bare call and accept a wrapped one.
    func testTheScanSeesABareCallAndAcceptsAWrappedOne() {
        let bare = """
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if send(fd, p, n, 0) < 0 { return }
            """
        XCTAssertEqual(Self.scan(bare, file: "bare").map(\.line), [1, 2])
        let wrapped = """
            let n = buffer.withUnsafeMutableBytes { b in restartingEINTR { Glibc.read(fd, b.baseAddress, b.count) } }
            let m = try retryingEINTR("send") {
                bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress!, $0.count, 0) }
            }
            /// read(2) in a comment, and Swift methods of the same name:
            send(path: p, interface: i, method: "Connect") { _ in }
            return read(&iterator).map { $0 }
            func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int { 0 }
            """
        XCTAssertEqual(Self.scan(wrapped, file: "wrapped").map(\.description), [])
    }

    /// Each call of an interruptible function (by name and C arity, no argument labels) whose
    /// line, or the line before, does not name a wrapper.
    static func scan(_ source: String, file: String) -> [Violation] {
        let lines = source.components(separatedBy: "\n")
        var found: [Violation] = []
        for (i, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            let context = (i > 0 ? lines[i - 1] : "") + line
            if wrappers.contains(where: { context.contains($0) }) { continue }
            if calls(in: line).contains(where: { interruptible[$0.name]?.contains($0.arguments) == true }) {
                found.append(Violation(file: file, line: i + 1, text: line))
            }
        }
        return found
    }

    /// The unlabeled calls on one line: a name (with `Glibc.` or `gps.` allowed before it, no
    /// other member access) and its argument count; calls with a labeled argument are skipped.
    static func calls(in line: String) -> [(name: String, arguments: Int)] {
        let chars = Array(line)
        var result: [(String, Int)] = []
        var i = 0
        while i < chars.count {
            guard chars[i] == "(", i > 0, isIdentifier(chars[i - 1]) else { i += 1; continue }
            var start = i - 1
            while start > 0, isIdentifier(chars[start - 1]) { start -= 1 }
            var name = String(chars[start..<i])
            if start > 0, chars[start - 1] == "." {
                let qualifierEnd = start - 1
                var q = qualifierEnd
                while q > 0, isIdentifier(chars[q - 1]) { q -= 1 }
                let qualifier = String(chars[q..<qualifierEnd])
                if qualifier == "gps" { name = "gps." + name } else if qualifier != "Glibc" { i += 1; continue }
            }
            if start >= 5, String(chars[(start - 5)..<start]) == "func " { i += 1; continue }
            // The argument list up to the matching parenthesis (or the line's end).
            var depth = 0, arguments = 0, sawContent = false, labeled = false, argumentStart = i + 1
            var j = i
            scanArguments: while j < chars.count {
                switch chars[j] {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    depth -= 1
                    if depth == 0 { break scanArguments }
                case "," where depth == 1:
                    arguments += 1
                    if isLabeled(chars[argumentStart..<j]) { labeled = true }
                    argumentStart = j + 1
                default:
                    if depth == 1, !chars[j].isWhitespace { sawContent = true }
                }
                j += 1
            }
            if sawContent {
                arguments += 1
                if isLabeled(chars[argumentStart..<min(j, chars.count)]) { labeled = true }
            }
            if !labeled { result.append((name, arguments)) }
            i += 1
        }
        return result
    }

    static func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// `label: value` (but not a ternary's `a ? b : c` or a `::`).
    static func isLabeled(_ argument: ArraySlice<Character>) -> Bool {
        let text = String(argument).trimmingCharacters(in: .whitespaces)
        guard let colon = text.firstIndex(of: ":") else { return false }
        let label = text[..<colon]
        return !label.isEmpty && label.allSatisfy(isIdentifier)
    }
}
