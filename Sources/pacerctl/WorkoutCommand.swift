import PacerCore
import PacerSystem

/// `pacerctl workout info FILE [--json]`: the steps of a Zwift `.zwo`, a FIT workout file or a
/// workout in Pacer's text form, each with its duration or distance and its target;
/// `workout load FILE`, `workout skip` and `workout clear`: the workout pacerd runs.
enum WorkoutCommand {
    static let subcommand = Subcommand(
        name: "workout", usage: "workout info FILE [--json] | workout load FILE | workout skip | workout clear [--socket PATH] [--json]",
        summary: "show a workout file's steps (Zwift .zwo, FIT workout, or text such as '10m z2; 5x(3m 250-270W, 2m 150W)'), or have pacerd run one"
    ) { args in
        if let action = args.first, action == "load" || action == "skip" || action == "clear" {
            return try daemon(action, Array(args.dropFirst()))
        }
        guard args.first == "info" else { throw UsageError("workout needs info FILE, load FILE, skip or clear\(args.first.map { ", not '\($0)'" } ?? "")") }
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

    /// `load FILE` (the path goes absolute), `skip` and `clear`, sent to pacerd.
    static func daemon(_ action: String, _ rest: [String]) throws -> Int32 {
        let parsed = try CommandArguments(rest, flags: DaemonClientOptions.flags, options: DaemonClientOptions.options)
        let request: ClientRequest.WorkoutAction
        if action == "load" {
            guard parsed.positionals.count == 1, let path = parsed.positionals.first else { throw UsageError("workout load takes one FILE") }
            do { request = .load(file: try AbsolutePath.resolve(path)) } catch { throw UsageError("\(error)") }
        } else {
            try parsed.expectNoPositionals()
            request = action == "skip" ? .skip : .clear
        }
        return try DaemonCommands.send(.workout(request), parsed)
    }
}
