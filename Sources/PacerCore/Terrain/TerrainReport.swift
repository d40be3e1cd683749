/// What a terrain model has to tell its owner, each once: the core does not log, so the daemon
/// writes these as log lines (a bad tile with its name; the first position with no tile).
public enum TerrainReport: Equatable, Sendable, CustomStringConvertible {
    /// A tile that is there and cannot be used; elevation falls back where it would have answered.
    case badTile(TerrainTileProblem)
    /// No tile covers a position asked for: elevation falls back to the receiver's there.
    case noTile(TileCorner)

    public var description: String {
        switch self {
        case .badTile(let problem): return problem.description
        case .noTile(let corner): return "terrain: no tile \(corner.fileName) for this position; GPS altitude there"
        }
    }
}
