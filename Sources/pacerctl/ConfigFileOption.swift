#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// `--config FILE`: that file (which must exist), else the daemon's when readable, else defaults.
enum ConfigFileOption {
    static let defaultPath = "/etc/pacer/pacer.conf"

    static func load(_ args: CommandArguments) throws -> PacerConfig {
        let path = args.option("config") ?? defaultPath
        guard args.option("config") != nil || access(path, R_OK) == 0 else { return PacerConfig() }
        return try PacerConfig(parsing: FileByteSource.readText(path, limit: PacerConfig.maximumFileBytes), file: path)
    }
}
