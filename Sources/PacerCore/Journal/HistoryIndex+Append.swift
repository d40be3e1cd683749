extension HistoryIndex {
    /// An index of a journal now made of `segments`: the first `keep` rows of `base` copied as
    /// they are (their summaries are not decoded again), then the rows of `rows`. Bringing the index up
    /// to date after a session costs that session, not the whole history. `base` holds its
    /// summaries, and its first `keep` rows' summaries come first and in order in its blobs,
    /// as `encode` lays them out.
    public static func encode(segments: [SegmentSize], keeping keep: Int, of base: HistoryIndexReader, appending rows: Builder) -> [UInt8] {
        precondition(base.hasSummaries && keep <= base.count)
        let added = rows.count
        let tail = rows.encode(segments: [])   // the new rows and blobs, laid out alone
        let tailRows = headerSize, tailBlobs = headerSize + added * rowSize
        func row(_ i: Int) -> Int { base.rowsStart + i * rowSize }
        let keptBlobs = keep == 0 ? 0 : Int(base.u32(row(keep - 1) + 72)) + Int(base.u32(row(keep - 1) + 76))
        var w = ByteWriter(capacity: headerSize + segments.count * 16 + (keep + added) * rowSize + keptBlobs + tail.count)
        w.append(magic); w.u32(version); w.u32(UInt32(segments.count)); w.u32(UInt32(keep + added))
        w.u32(UInt32(keptBlobs + tail.count - tailBlobs)); w.u32(0); w.u32(0)
        for s in segments { w.u32(s.number); w.u32(0); w.u64(s.size) }
        w.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: base.bytes[base.rowsStart..<row(keep)]))
        for k in 0..<added {
            let o = w.bytes.count
            w.bytes.append(contentsOf: tail[(tailRows + k * rowSize)..<(tailRows + (k + 1) * rowSize)])
            let blobStart = tail.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: tailRows + k * rowSize + 72, as: UInt32.self).littleEndian }
            w.patchU32(blobStart + UInt32(keptBlobs), at: o + 72)
        }
        var crc = w.bytes[0..<24].withUnsafeBytes { CRC32C.update(0, $0) }
        crc = w.bytes[headerSize...].withUnsafeBytes { CRC32C.update(crc, $0) }
        w.patchU32(crc, at: 24)
        let blobsAt = w.bytes.count
        w.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: base.bytes[base.blobsStart..<(base.blobsStart + keptBlobs)]))
        w.bytes.append(contentsOf: tail[tailBlobs...])
        w.patchU32(w.bytes[blobsAt...].withUnsafeBytes { CRC32C.checksum($0) }, at: 28)
        return w.bytes
    }
}
