/// Where a terrain model gets its tiles: a directory of `.hgt` files on the board
/// (PacerSystem's `DirectoryTileSource`), arrays in tests. Asked once per tile, lazily.
public protocol TerrainTileSource: AnyObject {
    /// The bytes of the tile with this south-west corner; nil when the source has no such tile,
    /// a problem when it has one that cannot be used (the model reports it once).
    func tileBytes(at corner: TileCorner) -> Result<TerrainTileBytes, TerrainTileProblem>?

    /// Problems the source found that belong to no tile asked for (a misnamed file beside the
    /// tiles), each handed over once.
    func takeProblems() -> [TerrainTileProblem]
}

extension TerrainTileSource {
    public func takeProblems() -> [TerrainTileProblem] { [] }
}
