/// A tile's bytes held in memory: for tests and for a source that has the file in hand already.
public final class ArrayTileBytes: TerrainTileBytes {
    private let storage: UnsafeMutableRawBufferPointer

    /// Copies `bytes` into storage that never moves, so `bytes` can hand out a stable pointer.
    public init(_ bytes: [UInt8]) {
        storage = .allocate(byteCount: max(1, bytes.count), alignment: 16)
        storage.copyBytes(from: bytes)
        count = bytes.count
    }

    private let count: Int

    deinit { storage.deallocate() }

    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<count]) }
}
