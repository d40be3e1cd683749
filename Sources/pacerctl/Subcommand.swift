import PacerCore

/// One `pacerctl` verb: its name, a one-line summary for `pacerctl help`, and its entry point,
/// which gets the arguments after the verb and returns the exit status.
struct Subcommand: Sendable {
    let name: String
    let usage: String
    let summary: String
    let run: @Sendable ([String]) throws -> Int32
}
