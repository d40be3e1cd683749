#if canImport(Glibc)
import Glibc
#endif

/// A path as another process reads it: pacerd opens a file pacerctl names from its own working
/// directory, so the client sends the canonical absolute path (realpath(3)).
public enum AbsolutePath {
    public static func resolve(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else { throw SystemError(path, errno: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
