/// The two SRTM grids, told apart by the file's size alone (a `.hgt` file has no header):
/// 1 arc-second tiles are 3601 x 3601 posts, 3 arc-second ones 1201 x 1201, both big-endian
/// int16 with the edge rows and columns shared with the neighbours.
public enum TileGrid: Int, Sendable, CaseIterable {
    case oneArcSecond = 3601
    case threeArcSecond = 1201

    /// Posts along each side.
    public var postsPerSide: Int { rawValue }

    /// The file size of a tile on this grid.
    public var byteCount: Int { rawValue * rawValue * 2 }

    /// nil for any size but the two: a truncated download, a zip, another format.
    public init?(byteCount: Int) {
        guard let grid = TileGrid.allCases.first(where: { $0.byteCount == byteCount }) else { return nil }
        self = grid
    }
}
