import PacerCore
import PacerSystem

/// `pacerctl course info FILE [--json] [--units metric|imperial]`: what a GPX, TCX or FIT course
/// holds; `course load FILE` and `course clear`: the course pacerd follows.
enum CourseCommand {
    static let subcommand = Subcommand(
        name: "course", usage: "course info FILE [--json] [--units metric|imperial] | course load FILE | course clear [--socket PATH] [--json]",
        summary: "show a course file (distance, climbs, cues), or have pacerd follow one (load) or none (clear)"
    ) { args in
        guard let action = args.first else { throw UsageError("course needs info FILE, load FILE or clear") }
        let rest = Array(args.dropFirst())
        switch action {
        case "info":
            let parsed = try CommandArguments(rest, flags: ["json"], options: ["units"])
            guard parsed.positionals.count == 1, let path = parsed.positionals.first else { throw UsageError("course info takes one FILE") }
            let units = try parsed.option("units").map { name -> UnitSystem in
                guard let u = UnitSystem(rawValue: name) else { throw UsageError("--units must be metric or imperial") }
                return u
            } ?? .metric
            let course: Course
            do { course = try CourseLoader.load(path) } catch {
                printError("pacerctl course: \(error)")
                return 1
            }
            let out = BufferedOutput()
            try out.write(parsed.flag("json") ? CourseInfo.json(course) : CourseInfo.text(course, units: units))
            try out.flush()
            return 0
        case "load", "clear":
            let parsed = try CommandArguments(rest, flags: DaemonClientOptions.flags, options: DaemonClientOptions.options)
            var file: String?
            if action == "load" {
                guard parsed.positionals.count == 1, let path = parsed.positionals.first else { throw UsageError("course load takes one FILE") }
                do { file = try AbsolutePath.resolve(path) } catch { throw UsageError("\(error)") }
            } else {
                try parsed.expectNoPositionals()
            }
            return try DaemonCommands.send(.course(file: file), parsed)
        default:
            throw UsageError("course needs info FILE, load FILE or clear, not '\(action)'")
        }
    }
}
