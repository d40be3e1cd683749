/// Where a tile's bytes live: a memory mapping on the board (PacerSystem), an array in tests.
/// A class, so a tile can be copied freely while the bytes stay valid until the last copy goes.
public protocol TerrainTileBytes: AnyObject {
    /// The file's bytes, valid for as long as the object lives and never changed.
    var bytes: UnsafeRawBufferPointer { get }
}
