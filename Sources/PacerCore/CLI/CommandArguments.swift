/// A bad command line: the message is printed as it is, with the usage.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Command-line arguments split into flags, options with values, and positionals.
///
/// Small on purpose (the project takes no package dependencies): `--name value`,
/// `--name=value`, boolean `--flag`, `--` ends options, a lone `-` is a positional
/// (standard input). Unknown names are errors, so a typo never passes silently.
public struct CommandArguments: Sendable {
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - flags: names (without `--`) that take no value.
    ///   - options: names that take one value; repeating one keeps every value.
    public init(_ arguments: [String], flags allowedFlags: Set<String> = [], options allowedOptions: Set<String> = []) throws {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = String(arg.drop(while: { $0 == "-" }))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if allowedFlags.contains(name) {
                guard inline == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                if let inline {
                    values[name, default: []].append(inline)
                } else {
                    guard i < arguments.count else { throw UsageError("--\(name) needs a value") }
                    values[name, default: []].append(arguments[i])
                    i += 1
                }
            } else {
                throw UsageError("unknown option \(arg)")
            }
        }
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for an option, or nil.
    public func option(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option, in order.
    public func options(_ name: String) -> [String] { values[name] ?? [] }

    /// An option parsed as a number, with a clear error when it is not one.
    public func number(_ name: String) throws -> Double? {
        guard let text = option(name) else { return nil }
        guard let v = Double(text), v.isFinite else { throw UsageError("--\(name): '\(text)' is not a number") }
        return v
    }

    /// An option that must be a number above zero (a duration, a timeout).
    public func positiveNumber(_ name: String) throws -> Double? {
        guard let v = try number(name) else { return nil }
        guard v > 0 else { throw UsageError("--\(name) must be positive") }
        return v
    }

    /// For the verbs that take no positional argument: the first one is a usage error.
    public func expectNoPositionals() throws {
        if let extra = positionals.first { throw UsageError("unexpected argument '\(extra)'") }
    }
}
