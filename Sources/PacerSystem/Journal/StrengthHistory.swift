import PacerCore

/// Read side of the set log: the strength index (`DIR/strength.pjs`), loaded when it names the
/// segment sizes on disk and rebuilt from the segments (then saved) when it does not — the same
/// cache rule as `JournalHistory`'s index. The rebuild reads every frame but decodes no samples.
public enum StrengthHistory {
    public static func path(_ directory: JournalDirectory) -> String { directory.path + "/strength.pjs" }

    /// Every live set of the journal at `path`, in time order.
    public static func load(directory path: String) throws -> StrengthLog {
        let directory = JournalDirectory(path: path)
        let segments = try directory.segments()
        let sizes = try segments.map { try $0.indexed() }
        if let file = try? JournalFile(path: StrengthHistory.path(directory), writable: false), let size = try? file.size() {
            // Read without zero-filling first: the index is megabytes and is read on every command.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 8)
            defer { buffer.deallocate() }
            var built: [HistoryIndex.SegmentSize] = []
            if (try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]), at: 0)) == size,
               let log = StrengthLog.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<size]), segments: &built), built == sizes {
                return log
            }
        }
        var builder = StrengthLogBuilder()
        for segment in segments {
            _ = try JournalFile(path: segment.path, writable: false).scanSegment { type, payload, _ in
                guard !type.holdsSamples else { return true }
                guard let record = try? JournalRecord.decode(type: type, payload: payload) else { return false }
                builder.consume(record)
                return true
            }
            builder.endOfSegment()
        }
        let log = builder.finish()
        JournalHistory.save([log.encode(segments: sizes)], directory: directory, path: StrengthHistory.path(directory))
        return log
    }
}
