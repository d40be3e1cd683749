extension HistoryIndex {
    /// An index of a journal now made of `segments`: the first `keep` rows of `base` copied as
    /// they are (their summaries are not decoded again), then the rows of `rows`. Bringing the index up
    /// to date after a session costs that session, not the whole history. `base` holds its
    /// summaries, and its first `keep` rows' summaries come first and in order in its blobs,
    /// as `encode` lays them out.
    public static func encode(segments: [SegmentSize], keeping keep: Int, of base: HistoryIndexReader, appending rows: Builder) -> [UInt8] {
        precondition(base.hasSummaries && keep <= base.count)
        func row(_ i: Int) -> Int { base.rowsStart + i * rowSize }
        let keptBlobs = keep == 0 ? 0 : Int(base.u32(row(keep - 1) + 72)) + Int(base.u32(row(keep - 1) + 76))
        let blobBytes = keptBlobs + rows.blobBytes
        var w = beginFile(segments: segments, rows: keep + rows.count, blobBytes: blobBytes)
        w.bytes.reserveCapacity(w.bytes.capacity + blobBytes)
        w.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: base.bytes[base.rowsStart..<row(keep)]))
        rows.writeRows(into: &w, blobsFrom: keptBlobs)
        sealRows(&w)
        let blobsAt = w.bytes.count
        w.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: base.bytes[base.blobsStart..<(base.blobsStart + keptBlobs)]))
        for blob in rows.blobs { w.bytes.append(contentsOf: blob) }
        w.patchU32(w.bytes[blobsAt...].withUnsafeBytes { CRC32C.checksum($0) }, at: 28)
        return w.bytes
    }
}
