import Foundation
import XCTest

/// Every conversion of a floating-point value to an integer in Sources, and every sum or
/// difference of a time's milliseconds, goes through the checked ones of
/// `Sources/PacerCore/CheckedConversion.swift` (`roundedInt`, `clampedInt64`, `UTCTime.adding`):
/// `Int(x)` traps on NaN, on infinity and past the type's range, and a value read from a file,
/// a socket or a sensor can be any of them. The compiler's type-checked AST finds each
/// conversion by the initializer's type, where reading the text could only guess.
final class ConversionRulesTests: XCTestCase {
    static let modules = ["PacerCore", "PacerSystem", "pacerd", "pacerctl"]
    /// The one place allowed a bare conversion: the checked conversions themselves.
    static let allowed = ["Sources/PacerCore/CheckedConversion.swift"]

    func testNoFloatingPointValueBecomesAnIntegerUnchecked() throws {
        let plan = try String(contentsOf: SourceTree.root.appendingPathComponent(".build/debug.yaml"), encoding: .utf8)
        final class Found: @unchecked Sendable {
            let lock = NSLock()
            var sites: [String: Result<[String], Error>] = [:]
        }
        let found = Found()
        let modules = Self.modules
        DispatchQueue.concurrentPerform(iterations: modules.count) { k in
            let result = Result { try Self.bareConversions(arguments: try Self.compilerArguments(module: modules[k], plan: plan)) }
            found.lock.lock(); found.sites[modules[k]] = result; found.lock.unlock()
        }
        var sites: [String] = []
        for module in modules { sites += try XCTUnwrap(found.sites[module]).get() }
        let root = SourceTree.root.path + "/"
        let bare = Set(sites.map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 })
            .filter { site in !Self.allowed.contains(where: { site.hasPrefix($0 + ":") }) }.sorted()
        XCTAssertEqual(bare, [], "floating-point values converted with a bare Int(...)/Int64(...): use roundedInt\n"
                       + bare.joined(separator: "\n"))
    }

    /// The scan itself: it sees a bare conversion of each float type and passes the checked forms.
    func testTheScanSeesABareConversionAndPassesCheckedOnes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("conversion-rule-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Sample.swift")
        try """
            func bare(_ d: Double, _ f: Float) -> Int64 { Int64(d.rounded()) + Int64(Int(f)) + Int64(UInt32(d)) }
            func checked(_ d: Double, _ n: Int32) -> Int { (Int(exactly: d.rounded()) ?? 0) + Int(n) + Int(UInt8(truncatingIfNeeded: n)) }
            """.write(to: file, atomically: true, encoding: .utf8)
        let sites = try Self.bareConversions(arguments: ["-module-name", "Sample", "-parse-as-library", file.path])
        XCTAssertEqual(sites.map { $0.split(separator: ":").dropFirst().prefix(2).joined(separator: ":") }, ["1:47", "1:74", "1:90"])
    }

    /// Sums, differences and products of a time's milliseconds go through `UTCTime.adding`,
    /// `subtracting`, `milliseconds(since:)` and `monotonicInstant`, which hold the result to
    /// Int64's range: a time read from a file can be anything an Int64 holds. A text rule, as the
    /// property's name marks every such operand.
    func testTimeArithmeticIsChecked() throws {
        let files = try SourceTree.swiftFiles(in: ["Sources"])
        XCTAssertGreaterThan(files.count, 100, "the sources were not found from \(SourceTree.root.path)")
        var found: [String] = []
        for file in files where !Self.allowed.contains(file.path) {
            for (i, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.hasUncheckedTimeArithmetic(line) {
                found.append("\(file.path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(found, [], "time arithmetic outside CheckedConversion.swift:\n" + found.joined(separator: "\n"))
    }

    func testTheTimeRuleSeesBareArithmeticAndPassesCheckedForms() {
        for bare in ["let d = a.millisecondsSinceEpoch - b.millisecondsSinceEpoch", "x += t.millisecondsSinceEpoch",
                     "UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + 1000)", "f(onTimeline(t).millisecondsSinceEpoch * 1_000_000)",
                     "t.millisecondsSinceEpoch -= 5"] {
            XCTAssertTrue(Self.hasUncheckedTimeArithmetic(Substring(bare)), bare)
        }
        for checked in ["let d = a.milliseconds(since: b)", "let n = t.millisecondsSinceEpoch", "x = t.millisecondsSinceEpoch &- 1000",
                        "let r = Double(s) - Double($0.millisecondsSinceEpoch)", "// a.millisecondsSinceEpoch - b", "t.millisecondsSinceEpoch % day",
                        "w.zigzag(s.time.millisecondsSinceEpoch)"] {
            XCTAssertFalse(Self.hasUncheckedTimeArithmetic(Substring(checked)), checked)
        }
    }

    /// Whether `+`, `-` or `*` (not `&+`...) takes a `.millisecondsSinceEpoch` as an operand; one
    /// wrapped in `Double(...)` is floating-point arithmetic, which does not trap.
    static func hasUncheckedTimeArithmetic(_ line: Substring) -> Bool {
        let chars = Array(line)
        let name = Array(".millisecondsSinceEpoch")
        if String(line).trimmingCharacters(in: .whitespaces).hasPrefix("//") { return false }
        func isOperator(_ k: Int) -> Bool { k >= 0 && k < chars.count && "+-*".contains(chars[k]) && (k == 0 || chars[k - 1] != "&") }
        var i = 0
        while i + name.count <= chars.count {
            guard Array(chars[i..<(i + name.count)]) == name else { i += 1; continue }
            // After: ` + x`, ` - x`, ` * x`, ` += x`.
            var a = i + name.count
            while a < chars.count, chars[a] == " " { a += 1 }
            if isOperator(a), a + 1 < chars.count, chars[a + 1] == " " || chars[a + 1] == "=" { return true }
            // Before: the receiver (names, dots, `$0`, calls), then ` + `, ` - ` or ` * `.
            var b = i - 1, depth = 0
            while b >= 0 {
                let c = chars[b]
                if c == ")" { depth += 1 } else if c == "(" { if depth == 0 { break }; depth -= 1 }
                else if depth == 0, !(c.isLetter || c.isNumber || c == "_" || c == "." || c == "$") { break }
                b -= 1
            }
            let wrapped = b >= 6 && String(chars[(b - 6)...b]) == "Double("
            if !wrapped {
                while b >= 0, chars[b] == " " { b -= 1 }
                if isOperator(b), b + 1 < chars.count, chars[b + 1] == " " { return true }
                if b >= 1, chars[b] == "=", isOperator(b - 1) { return true }
            }
            i += name.count
        }
        return false
    }

    /// The swiftc arguments SwiftPM compiles `module` with (from its build plan), made to print
    /// the typed AST instead of writing objects, modules and indexes.
    static func compilerArguments(module: String, plan: String) throws -> [String] {
        let marker = "\"-module-name\",\"\(module)\","
        guard let line = plan.split(separator: "\n").first(where: { $0.contains(marker) && $0.contains("args: [") && $0.contains("\"-c\",") }),
              let open = line.firstIndex(of: "["),
              let all = try JSONSerialization.jsonObject(with: Data(line[open...].utf8)) as? [String], all.count > 1 else {
            throw RuleError("no swiftc command for \(module) in .build/debug.yaml (run swift build first)")
        }
        let dropped: Set<String> = ["-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode",
                                    "-parseable-output", "-emit-objc-header", "-serialize-diagnostics"]
        let droppedWithValue: Set<String> = ["-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path"]
        var arguments: [String] = []
        var skipNext = false
        for argument in all.dropFirst() {
            if skipNext { skipNext = false; continue }
            if droppedWithValue.contains(argument) { skipNext = true; continue }
            if dropped.contains(argument) || argument.hasPrefix("-j") { continue }
            arguments.append(argument)
        }
        return arguments
    }

    /// `file:line:column` of every integer initializer applied to a Double or a Float.
    static func bareConversions(arguments: [String]) throws -> [String] {
        let integer = "U?Int(8|16|32|64)?"
        let pattern = "type=\"\\(\(integer)\\.Type\\) -> \\((Double|Float|Float16|Float80)\\) -> \(integer)\" location=[^ ]*"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The dump goes to stdout for one file and to stderr for several; grep reads it as it
        // comes (tens of megabytes), with the compiler's errors and its exit status.
        process.arguments = ["-c", "{ swiftc -dump-ast \"$@\" 2>&1; status=$?; echo; echo \"swiftc exited $status\"; } | grep -oE '\(pattern)|^([^ (]*: )?error: .*|^swiftc exited [0-9]+$'",
                             "sh"] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        process.waitUntilExit()
        guard lines.last == "swiftc exited 0" else { throw RuleError("swiftc -dump-ast failed:\n" + lines.suffix(20).joined(separator: "\n")) }
        return lines.compactMap { line in line.range(of: "location=").map { String(line[$0.upperBound...]) } }
    }

    struct RuleError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
