/// Reads the UTC-offset changes out of a compiled time zone file (TZif, RFC 8536): the
/// 64-bit data block of version 2+ files, else the 32-bit one. Leap-second records are
/// skipped (local days are civil days). Times after the last transition keep its offset:
/// Debian's files list transitions through 2037.
public enum TZifParser {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func calendar(_ bytes: [UInt8]) throws(Failure) -> LocalCalendar {
        guard bytes.count >= 44, bytes[0] == 0x54, bytes[1] == 0x5A, bytes[2] == 0x69, bytes[3] == 0x66 else {
            throw Failure(description: "not a TZif file")
        }
        let version = bytes[4]
        func be32(_ o: Int) -> Int64 {
            Int64(Int32(bitPattern: UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])))
        }
        func be64(_ o: Int) -> Int64 { be32(o) << 32 | (be32(o + 4) & 0xFFFF_FFFF) }
        struct Header { var isut, isstd, leap, time, type, chars: Int }
        func header(_ o: Int) throws(Failure) -> Header {
            guard o + 44 <= bytes.count else { throw Failure(description: "truncated TZif header") }
            let h = Header(isut: Int(be32(o + 20)), isstd: Int(be32(o + 24)), leap: Int(be32(o + 28)),
                           time: Int(be32(o + 32)), type: Int(be32(o + 36)), chars: Int(be32(o + 40)))
            guard h.isut >= 0, h.isstd >= 0, h.leap >= 0, h.time >= 0, h.type > 0, h.chars >= 0 else {
                throw Failure(description: "bad TZif counts")
            }
            return h
        }
        var start = 0
        var h = try header(0)
        var timeSize = 4
        if version >= 0x32 {   // '2' or later: skip the v1 block
            start = 44 + h.time * 5 + h.type * 6 + h.chars + h.leap * 8 + h.isstd + h.isut
            h = try header(start)
            timeSize = 8
        }
        let times = start + 44
        let indices = times + h.time * timeSize
        let types = indices + h.time
        guard types + h.type * 6 <= bytes.count else { throw Failure(description: "truncated TZif data") }
        func typeOffset(_ k: Int) throws(Failure) -> Int32 {
            guard k < h.type else { throw Failure(description: "TZif type index out of range") }
            return Int32(truncatingIfNeeded: be32(types + k * 6))
        }
        var changes: [(at: Int64, offset: Int32)] = []
        changes.reserveCapacity(h.time)
        for i in 0..<h.time {
            let at = timeSize == 8 ? be64(times + i * 8) : be32(times + i * 4)
            changes.append((at, try typeOffset(Int(bytes[indices + i]))))
        }
        // RFC 8536: local time before the first transition uses type 0.
        return LocalCalendar(initialOffset: try typeOffset(0), transitions: changes)
    }
}
