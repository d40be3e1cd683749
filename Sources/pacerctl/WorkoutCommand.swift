import PacerCore
import PacerSystem

/// `pacerctl workout info FILE [--json]`: the steps of a Zwift `.zwo`, a FIT workout file or a
/// workout in Pacer's text form, each with its duration or distance and its target.
enum WorkoutCommand {
    static let subcommand = Subcommand(
        name: "workout", usage: "workout info FILE [--json]",
        summary: "show a workout file's steps (Zwift .zwo, FIT workout, or text such as '10m z2; 5x(3m 250-270W, 2m 150W)')"
    ) { args in
        guard args.first == "info" else { throw UsageError("workout needs info FILE\(args.first.map { ", not '\($0)'" } ?? "")") }
        let parsed = try CommandArguments(Array(args.dropFirst()), flags: ["json"], options: [])
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else { throw UsageError("workout info takes one FILE") }
        let workout: Workout
        do { workout = try WorkoutLoader.load(path) } catch {
            printError("pacerctl workout: \(error)")
            return 1
        }
        let out = BufferedOutput()
        try out.write(parsed.flag("json") ? WorkoutInfo.json(workout) : WorkoutInfo.text(workout))
        try out.flush()
        return 0
    }
}
