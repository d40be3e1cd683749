import PacerCore

/// Options several verbs share (the history verbs', the daemon client's, the journal reports'):
/// their names, which a verb extends with its own, and how they are read.
protocol OptionGroup {
    static var flags: Set<String> { get }
    static var options: Set<String> { get }
    init(_ args: CommandArguments) throws
}

extension OptionGroup {
    /// A verb's command line: the group's flags and options and the verb's own. With
    /// `positionals: false` an argument that is not an option is refused before the group is read.
    static func parse(_ argv: [String], flags: Set<String> = [], options: Set<String> = [],
                      positionals: Bool = true) throws -> (arguments: CommandArguments, options: Self) {
        let args = try CommandArguments(argv, flags: Self.flags.union(flags), options: Self.options.union(options))
        if !positionals { try args.expectNoPositionals() }
        return (args, try Self(args))
    }
}
