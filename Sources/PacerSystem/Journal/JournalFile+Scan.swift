import PacerCore

extension JournalFile {
    /// Bytes a segment scan reads at a time. Commit frames are ~16 bytes and session frames a
    /// few hundred, so a window cuts one frame in thousands (that frame is read again, once);
    /// a 32 MB segment takes 512 `pread`s, nothing beside the CRC work; and 64 KB is what a
    /// scan adds to a process's peak, where reading the segment whole added the segment.
    public static let scanWindow = 64 << 10

    /// Scans this segment file as `JournalScanner.scan` scans it whole (the same frames, the same
    /// `Result`), reading it in windows of `window` bytes through one buffer. A window grows only
    /// for a frame longer than it (bounded by `JournalScanner.largestWindow`). `limit` treats the
    /// file as ending there. A payload given to `visit` is valid only during the call: copy
    /// what you keep. `skipped` gets each damaged range the scan passed (`JournalScanner`).
    public func scanSegment(from start: Int = 0, limit: Int = .max, window: Int = JournalFile.scanWindow,
                            skipped: (Range<Int>) -> Void = { _ in },
                            visit: (JournalRecordType, UnsafeRawBufferPointer, Int) -> Bool) throws -> JournalScanner.Result {
        var scanner = JournalScanner(from: start)
        let window = max(window, 1)
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: window, alignment: 8)
        defer { buffer.deallocate() }
        var next = (offset: 0, count: 0)
        while true {
            // A frame longer than the window: twice what was read of it (`count` is one more), so
            // a long frame costs a few reads, not one per byte.
            let size = next.count <= window ? window : min(2 * max(next.count - 1, 1), JournalScanner.largestWindow)
            if size > buffer.count {
                buffer.deallocate()
                buffer = .allocate(byteCount: size, alignment: 8)
            }
            let wanted = max(0, min(size, limit - next.offset))
            let got = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]), at: next.offset)
            // `read` fills what it is asked for unless the file (or `limit`) ends first.
            let endsSegment = got < size
            switch scanner.scan(UnsafeRawBufferPointer(rebasing: buffer[0..<got]), at: next.offset, endsSegment: endsSegment,
                                 skipped: skipped, visit: visit) {
            case let .done(result): return result
            case let .read(offset, count): next = (offset, count)
            }
        }
    }
}
