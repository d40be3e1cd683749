/// Reads Pacer's own text form of a workout, the one a person types:
///
///     name: Threshold 3 x 8
///     10m z2 warmup; 3x(8m 250-270W, 4m 150W "easy"); 10m ramp 60-40% cooldown
///
/// Entries are separated by `;`, `,` or a line end; `N x (...)` (or `Nx(...)`) repeats the
/// entries inside, which may hold repeats themselves; `#` starts a comment; a line
/// `name: ...` names the workout. A step is its words in any order (`WorkoutTextStep`): one
/// duration, at most one target, an intensity word, a name in quotes. An error names the step
/// by its number (the steps as written, counted from 1) and its text.
public enum WorkoutTextReader {
    public static func read(_ bytes: [UInt8]) throws(WorkoutError) -> Workout {
        var name = ""
        var body: [Character] = []
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.prefix { $0 != "#" }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.lowercased().hasPrefix("name:") {
                name = String(trimmed.dropFirst(5)).trimmedWorkoutText
                continue
            }
            body += Array(line)
            body.append("\n")
        }
        var parser = Parser(text: body)
        let items = try parser.items(nested: 0)
        return try Workout(name: name, format: "text", items: items).checkedSize()
    }

    /// A recursive descent over the characters: entries, separators and parentheses.
    struct Parser {
        let text: [Character]
        var i = 0
        /// Steps seen so far: an error names the step by this count.
        var stepNumber = 0

        init(text: [Character]) { self.text = text }

        mutating func items(nested depth: Int) throws(WorkoutError) -> [WorkoutItem] {
            var items: [WorkoutItem] = []
            while true {
                while i < text.count, Self.isSeparator(text[i]) || text[i].isWhitespace { i += 1 }
                guard i < text.count else {
                    if depth > 0 { throw fail("a repeat's ( is never closed with )") }
                    return items
                }
                if text[i] == ")" {
                    guard depth > 0 else { throw fail("a ) with no repeat open before it") }
                    i += 1
                    guard !items.isEmpty else { throw fail("a repeat with nothing inside its ( )") }
                    return items
                }
                if let count = repeatCount() {
                    guard depth < Workout.maximumNesting else { throw fail("repeats nested deeper than \(Workout.maximumNesting) levels") }
                    guard (1...1000).contains(count) else { throw fail("a repeat of \(count) times: 1 to 1000 are allowed") }
                    items.append(.repeated(count: count, try self.items(nested: depth + 1)))
                    continue
                }
                items.append(.step(try step()))
            }
        }

        /// `N x (` at `i`: N, with `i` past the parenthesis; nil (and `i` unmoved) otherwise.
        mutating func repeatCount() -> Int? {
            var k = i
            var digits = ""
            while k < text.count, text[k].isASCII, text[k].isNumber { digits.append(text[k]); k += 1 }
            guard !digits.isEmpty else { return nil }
            while k < text.count, text[k] == " " || text[k] == "\t" { k += 1 }
            guard k < text.count, text[k] == "x" || text[k] == "X" || text[k] == "×" || text[k] == "*" else { return nil }
            k += 1
            while k < text.count, text[k].isWhitespace { k += 1 }
            guard k < text.count, text[k] == "(" else { return nil }
            i = k + 1
            return Int(digits) ?? Int.max
        }

        mutating func step() throws(WorkoutError) -> WorkoutStep {
            let start = i
            var quoted = false
            while i < text.count {
                let c = text[i]
                if c == "\"" { quoted.toggle() } else if !quoted && (Self.isSeparator(c) || c == "(" || c == ")") { break }
                i += 1
            }
            stepNumber += 1
            let words = String(text[start..<i]).trimmedWorkoutText
            if i < text.count, text[i] == "(" {
                throw WorkoutError("text: step \(stepNumber) (\"\(words)(\"): a ( that does not follow a repeat count such as 5x")
            }
            do throws(WorkoutError) {
                return try WorkoutTextStep.parse(words)
            } catch {
                throw WorkoutError("text: step \(stepNumber) (\"\(words)\"): \(error.message)")
            }
        }

        /// An error about the structure, naming the step it came after.
        func fail(_ what: String) -> WorkoutError {
            WorkoutError("text: after step \(stepNumber): \(what)")
        }

        static func isSeparator(_ c: Character) -> Bool { c == ";" || c == "," || c == "\n" || c == "\r" }
    }
}

extension StringProtocol {
    /// Without the spaces, tabs and line ends around it.
    var trimmedWorkoutText: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
