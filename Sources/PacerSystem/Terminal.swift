#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// The few terminal facts pacerctl needs: is it a terminal, how wide, and the local UTC offset.
public enum Terminal {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Columns and rows of the terminal on `fd`, nil when it is not one.
    public static func size(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var c: Int32 = 0, r: Int32 = 0
        guard pacer_terminal_size(fd, &c, &r) == 0 else { return nil }
        return (Int(c), Int(r))
    }

    /// The local time zone's offset from UTC at `epochSeconds` (TZ and /etc/localtime honoured).
    public static func utcOffsetSeconds(at epochSeconds: Int64) -> Int {
        Int(pacer_utc_offset(Int(epochSeconds)))
    }
}
