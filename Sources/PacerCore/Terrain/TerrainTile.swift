/// One SRTM tile: heights in metres on a square grid of posts, rows from the north edge (row 0)
/// to the south edge, columns from west to east, the edges shared with the neighbouring tiles.
/// Reads its bytes in place (a memory-mapped file is never copied), so a 25 MB tile costs only
/// the pages a track touches.
public struct TerrainTile: @unchecked Sendable {
    public let corner: TileCorner
    public let grid: TileGrid
    /// Sendable by the protocol's promise: the bytes never change while the object lives.
    private let storage: TerrainTileBytes
    private let bytes: UnsafeRawBufferPointer

    /// Heights a tile may hold (the Dead Sea shore is -430 m, Everest 8849 m); anything outside
    /// is a damaged post, treated as a void rather than a mountain that is not there.
    public static let plausibleHeights: ClosedRange<Int16> = -500...9000
    /// SRTM's mark for a post without a height (radar shadow, water, steep slopes).
    public static let void: Int16 = -32768

    /// Refuses bytes of any size but a 1" or a 3" tile's, naming the file.
    public init(corner: TileCorner, bytes storage: TerrainTileBytes) throws {
        guard let grid = TileGrid(byteCount: storage.bytes.count) else {
            throw TerrainTileProblem(fileName: corner.fileName, kind: .wrongSize(bytes: storage.bytes.count))
        }
        self.corner = corner
        self.grid = grid
        self.storage = storage
        bytes = storage.bytes
    }

    /// The post's height in metres; nil for a void or an implausible value, and off the grid.
    public func height(row: Int, column: Int) -> Int16? {
        let n = grid.postsPerSide
        guard row >= 0, row < n, column >= 0, column < n else { return nil }
        let offset = (row * n + column) * 2
        let raw = Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))
        return Self.plausibleHeights.contains(raw) ? raw : nil
    }

    /// Bilinear between the four posts around the point; nil outside the tile, and where a post
    /// that weighs in is a void. GDAL's GDALInterpolateAtPoint refuses a bilinear value when any
    /// of its four posts is nodata, rather than spreading the neighbours over the hole: a void is
    /// where the radar saw nothing (often a steep slope), so a height there is a guess. This does
    /// the same, except that a post with no weight (the point lies on a grid line) is not needed:
    /// a point on a tile's edge reads only that edge's posts, as the neighbour tile would.
    public func elevation(latitude: Double, longitude: Double) -> Double? {
        let last = Double(grid.postsPerSide - 1)
        let x = Self.snapped((longitude - Double(corner.longitude)) * last)
        let y = Self.snapped((Double(corner.latitude) + 1 - latitude) * last)
        guard x >= 0, x <= last, y >= 0, y <= last,
              let column = x.roundedInt(.down), let row = y.roundedInt(.down) else { return nil }
        // On the east or south edge the cell is the one before it, with the edge's weight 1.
        let c = min(column, grid.postsPerSide - 2), r = min(row, grid.postsPerSide - 2)
        let fx = x - Double(c), fy = y - Double(r)
        guard let nw = weighted(r, c, (1 - fx) * (1 - fy)), let ne = weighted(r, c + 1, fx * (1 - fy)),
              let sw = weighted(r + 1, c, (1 - fx) * fy), let se = weighted(r + 1, c + 1, fx * fy) else { return nil }
        return (nw + ne) + (sw + se)
    }

    /// A point a rounding error away from a grid line (a post's position written in decimal
    /// degrees) lies on it, so a void next to the post gets no weight of 1e-12 that refuses it.
    private static func snapped(_ v: Double) -> Double {
        let line = v.rounded()
        return abs(v - line) < 1e-9 ? line : v
    }

    /// A post's height times its weight: 0 without reading it when the weight is 0, nil for a void.
    private func weighted(_ row: Int, _ column: Int, _ weight: Double) -> Double? {
        if weight == 0 { return 0 }
        return height(row: row, column: column).map { Double($0) * weight }
    }
}
