@testable import PacerCore

/// Tiles built in memory: big-endian int16 posts, row 0 the north edge.
enum SyntheticTile {
    static func bytes(_ grid: TileGrid = .threeArcSecond, height: (_ row: Int, _ column: Int) -> Int16) -> [UInt8] {
        let n = grid.postsPerSide
        var bytes = [UInt8](repeating: 0, count: grid.byteCount)
        for row in 0..<n {
            for column in 0..<n {
                let h = UInt16(bitPattern: height(row, column))
                let offset = (row * n + column) * 2
                bytes[offset] = UInt8(truncatingIfNeeded: h >> 8)
                bytes[offset + 1] = UInt8(truncatingIfNeeded: h)
            }
        }
        return bytes
    }

    static func tile(_ name: String, _ grid: TileGrid = .threeArcSecond,
                     height: (_ row: Int, _ column: Int) -> Int16) throws -> TerrainTile {
        try TerrainTile(corner: TileCorner(fileName: name)!, bytes: ArrayTileBytes(bytes(grid, height: height)))
    }
}

/// A tile source over byte arrays that counts how often each tile is asked for.
final class MemoryTileSource: TerrainTileSource {
    var files: [TileCorner: [UInt8]] = [:]
    var failures: [TileCorner: TerrainTileProblem] = [:]
    var pendingProblems: [TerrainTileProblem] = []
    private(set) var asked: [TileCorner: Int] = [:]

    func tileBytes(at corner: TileCorner) -> Result<TerrainTileBytes, TerrainTileProblem>? {
        asked[corner, default: 0] += 1
        if let problem = failures[corner] { return .failure(problem) }
        return files[corner].map { .success(ArrayTileBytes($0)) }
    }

    func takeProblems() -> [TerrainTileProblem] {
        defer { pendingProblems = [] }
        return pendingProblems
    }
}
