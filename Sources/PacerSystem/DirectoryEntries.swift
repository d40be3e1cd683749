#if canImport(Glibc)
import Glibc
#endif

/// A directory's entry names (`opendir`/`readdir`/`closedir`), `.` and `..` included: the one
/// listing the journal, the IIO sensor search and the terrain tiles read.
public enum DirectoryEntries {
    public static func names(in path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw SystemError("opendir \(path)", errno: errno) }
        defer { closedir(dir) }
        var result: [String] = []
        while let entry = readdir(dir) {
            result.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            })
        }
        return result
    }
}
