#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

// pacerd: wires the GPS and sensor sources, the session engine, the journal and the socket
// server onto one event loop. Everything it decides is in PacerCore; this only wires.
// One malloc arena for all threads: the BlueZ threads (sensors, broadcast) allocate little, and
// a per-thread arena would cost resident memory on a small board for nothing.
MemoryTuning.useSingleMallocArena()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    printError("usage: \(DaemonOptions.usage)")
    exit(0)
}
if arguments.first == "--version" {
    printError("pacerd \(PacerVersion.release) (protocol \(PacerVersion.protocolMajor).\(PacerVersion.protocolMinor))")
    exit(0)
}
do {
    let options = try DaemonOptions(arguments)
    let daemon = try Daemon(options: options)
    exit(try daemon.run())
} catch let error as UsageError {
    printError("pacerd: \(error.message)\nusage: \(DaemonOptions.usage)")
    exit(2)
} catch {
    DaemonLog.error("pacerd: \(error)")
    exit(1)
}
