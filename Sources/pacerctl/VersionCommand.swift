import PacerCore
import PacerSystem

enum VersionCommand {
    static let subcommand = Subcommand(name: "version", usage: "version", summary: "print the release and protocol version") { _ in
        let out = BufferedOutput()
        try out.write("pacerctl \(PacerVersion.release) (protocol \(PacerVersion.protocolMajor).\(PacerVersion.protocolMinor))\n")
        try out.flush()
        return 0
    }
}
