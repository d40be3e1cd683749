#if canImport(Glibc)
import Glibc
#endif

/// A credential kept in a file of its own (a refresh token, an API key, a webhook secret), named
/// in the config. A file other users could read is refused, not used: a secret others can read
/// is no secret, and a warning in a log is easily missed. Also refused: anything but a regular
/// file, and a file larger than a credential ever is (a path pointing at the wrong file).
public enum SecretFile {
    /// Larger than any token or key the services hand out.
    public static let maximumSize = 4096

    /// Why a secret file was not used; the message names the file, never its contents.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The file's contents without surrounding spaces and line breaks.
    public static func read(_ path: String) throws -> String {
        let fd = restartingEINTR { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        guard fd >= 0 else {
            throw Refusal(description: "secret file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        // The mode and size of the file opened, not of whatever the path names a moment later.
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Refusal(description: "secret file \(path): \(SystemError("fstat", errno: errno))") }
        guard info.st_mode & 0o170000 == 0o100000 else { throw Refusal(description: "secret file \(path) is not a regular file") }
        let permissions = info.st_mode & 0o7777
        guard permissions & 0o077 == 0 else {
            throw Refusal(description: "secret file \(path) is readable or writable by group or others (mode \(octal(permissions))); "
                          + "chmod 600 it, owned by the user pacerd runs as")
        }
        guard info.st_size <= maximumSize else {
            throw Refusal(description: "secret file \(path) is \(info.st_size) bytes, more than a secret's \(maximumSize)")
        }
        var buffer = [UInt8](repeating: 0, count: maximumSize + 1)
        var count = 0
        while count < buffer.count {
            let n = buffer.withUnsafeMutableBytes { p in
                restartingEINTR { Glibc.read(fd, p.baseAddress! + count, p.count - count) }
            }
            if n < 0 { throw Refusal(description: "secret file \(path): \(SystemError("read", errno: errno))") }
            if n == 0 { break }
            count += n
        }
        guard count <= maximumSize else { throw Refusal(description: "secret file \(path) is more than \(maximumSize) bytes") }
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = buffer[..<count].drop(while: isBlank)
        let trimmed = bytes.prefix(bytes.count - bytes.reversed().prefix(while: isBlank).count)
        guard !trimmed.isEmpty else { throw Refusal(description: "secret file \(path) is empty") }
        guard let text = String(validating: trimmed, as: UTF8.self) else {
            throw Refusal(description: "secret file \(path) is not UTF-8 text")
        }
        return text
    }

    /// A mode as `chmod` and `ls` show it: four octal digits.
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
