#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// Every verb pacerctl knows. A new verb is one file beside this one and one line here.
let subcommands: [Subcommand] = [
    VersionCommand.subcommand,
    DaemonCommands.status,
    DaemonCommands.counters,
    WatchCommand.subcommand,
    DaemonCommands.start,
    DaemonCommands.pause,
    DaemonCommands.resume,
    DaemonCommands.lap,
    DaemonCommands.stop,
    ParseCommand.subcommand,
    ReplayCommand.subcommand,
    CourseCommand.subcommand,
    WorkoutCommand.subcommand,
    BLERecordCommand.subcommand,
    ANTScanCommand.subcommand,
    FixesCommand.subcommand,
    SessionsCommand.subcommand,
    ShowCommand.subcommand,
    ExportCommand.subcommand,
    UploadCommands.uploads,
    UploadCommands.upload,
    StatsCommand.subcommand,
    RecordsCommand.subcommand,
    ReportCommand.subcommand,
    MotivationCommands.goals,
    MotivationCommands.habits,
    MotivationCommands.awards,
    MotivationCommands.load,
    DeleteCommand.subcommand,
    StrengthCommands.set,
    StrengthCommands.exercises,
    StrengthCommands.strength,
    StrengthCommands.evaluate,
    JournalSynthCommand.subcommand,
    WeatherCommand.subcommand,
    SunCommand.subcommand,
]

@MainActor func printUsage() {
    printError("usage: pacerctl COMMAND [OPTIONS]\n\ncommands:")
    for command in subcommands {
        printError("  \(command.usage)\n      \(command.summary)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let verb = arguments.first, verb != "help", verb != "--help", verb != "-h" else {
    printUsage()
    exit(arguments.isEmpty ? 2 : 0)
}
guard let command = subcommands.first(where: { $0.name == verb }) else {
    printError("pacerctl: unknown command '\(verb)'")
    printUsage()
    exit(2)
}
do {
    exit(try command.run(Array(arguments.dropFirst())))
} catch let error as UsageError {
    printError("pacerctl \(verb): \(error.message)\nusage: pacerctl \(command.usage)")
    exit(2)
} catch {
    printError("pacerctl \(verb): \(error)")
    exit(1)
}
