import Foundation
import Glibc
import XCTest

/// A small tmpfs that only the daemon under test sees: pacerd runs in its own mount namespace
/// (unshare execs the shell, which execs pacerd: one process, whose mounts die with it), and the
/// test reaches the file system through /proc/PID/root. For a full or read-only disk, for real.
enum PrivateTmpfs {
    static func requireRoot(_ what: String) throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            throw XCTSkip("needs root and unshare(1) for \(what)")
        }
    }

    /// DaemonProcess's `launcher` that mounts a tmpfs with `options` (e.g. `size=64k`, `ro`) on `path`.
    static func launcher(mounting path: String, options: String) -> [String] {
        ["/usr/bin/unshare", "-m", "--propagation", "private", "/bin/sh", "-c",
         "mount -t tmpfs -o \(options) pacer-test \"$0\" && exec \"$@\"", path]
    }

    /// Fills the file system of `directory` to its last page; returns the errno that stopped it.
    static func fill(_ directory: String) -> Int32 {
        let filler = open(directory + "/filler", O_WRONLY | O_CREAT, 0o600)
        guard filler >= 0 else { return errno }
        defer { close(filler) }
        let zeros = [UInt8](repeating: 0, count: 4096)
        while true {
            if zeros.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) < 0 { return errno }
        }
    }
}
