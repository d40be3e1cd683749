#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import PacerCore
import PacerSystem

/// `pacerctl fixes`: prints the fixes of a live source as they arrive, in `parse`'s format,
/// with device and fix state changes on stderr. The tool to check a GPS before a ride.
enum FixesCommand {
    static let subcommand = Subcommand(
        name: "fixes", usage: "fixes [--source SOURCE] [--count N] [--timeout S] [--json]",
        summary: "print fixes from a live GPS (serial:DEV[@BAUD], gpsd[:HOST[:PORT]], file:PATH[@RATE])"
    ) { args in
        let arguments = try CommandArguments(args, flags: ["json"], options: ["source", "count", "timeout"])
        try arguments.expectNoPositionals()
        let spec: GPSSourceSpec
        do { spec = try GPSSourceSpec(parsing: arguments.option("source") ?? "serial:/dev/pacer-gps") } catch { throw UsageError("\(error)") }
        let count = try arguments.integer("count", in: 1...Int(Int32.max))
        let timeout = try arguments.positiveNumber("timeout")

        let printer = FixPrinter(json: arguments.flag("json"), limit: count)
        let source = GPSSource(spec: spec)
        source.start { event in printer.handle(event) }
        let finished = timeout.map { printer.done.wait(timeout: .now() + $0) == .success } ?? { printer.done.wait(); return true }()
        source.stop()
        let c = source.counters
        printError("fixes: \(c[.fixes]), bytes: \(c[.bytesRead]), sentences: \(c[.sentences]), accepted: \(c[.acceptedSentences]), bad checksum: \(c[.badChecksums]), unknown type: \(c[.unknownSentences]), junk bytes: \(c[.junkBytes]), gpsd reports: \(c[.gpsdReports]), device losses: \(c[.deviceLosses]), rejected baud rates: \(c[.rejectedBaudRates])")
        if !finished { printError("pacerctl fixes: timed out after \(timeout ?? 0) s") }
        return finished && printer.opened ? 0 : 1
    }
}
