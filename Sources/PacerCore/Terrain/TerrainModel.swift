/// Ground elevation from SRTM tiles: asks its source for each tile the first time a position
/// needs it and keeps the answer (a tile, none, or an unusable one), so a missing tile costs one
/// question however many fixes fall on it. What went wrong is kept for the owner to log once
/// (`takeReports`), never thrown at a caller that only wants a height.
public struct TerrainModel {
    private enum Entry {
        case tile(TerrainTile)
        case missing
        case unusable
    }

    private let source: TerrainTileSource
    private var entries: [TileCorner: Entry] = [:]
    private var reports: [TerrainReport] = []
    private var reportedMissing: Set<TileCorner> = []
    /// The last tile that answered: a track stays on one tile for hours.
    private var recent: TerrainTile?

    public init(source: TerrainTileSource) { self.source = source }

    /// Metres above mean sea level (SRTM heights are on the EGM96 geoid, as NMEA's altitude is)
    /// at the point; nil where no tile covers it, the tile is unusable, or the ground is a void.
    public mutating func elevation(latitude: Double, longitude: Double) -> Double? {
        if let tile = recent, let h = tile.elevation(latitude: latitude, longitude: longitude) { return h }
        let corners = TileCorner.tiles(latitude: latitude, longitude: longitude)
        var usable = false
        for corner in corners {
            guard case .tile(let tile) = entry(at: corner) else { continue }
            usable = true
            if let h = tile.elevation(latitude: latitude, longitude: longitude) {
                recent = tile
                return h
            }
        }
        if !usable, let first = corners.first, case .missing? = entries[first], reportedMissing.insert(first).inserted {
            reports.append(.noTile(first))
        }
        return nil
    }

    /// The reports gathered since the last call: each bad tile once, each missing tile once.
    public mutating func takeReports() -> [TerrainReport] {
        let taken = reports + source.takeProblems().map { TerrainReport.badTile($0) }
        reports.removeAll()
        return taken
    }

    private mutating func entry(at corner: TileCorner) -> Entry {
        if let known = entries[corner] { return known }
        let entry: Entry
        switch source.tileBytes(at: corner) {
        case .none:
            entry = .missing
        case .some(.failure(let problem)):
            reports.append(.badTile(problem))
            entry = .unusable
        case .some(.success(let bytes)):
            do {
                entry = .tile(try TerrainTile(corner: corner, bytes: bytes))
            } catch {
                let problem = error as? TerrainTileProblem
                    ?? TerrainTileProblem(fileName: corner.fileName, kind: .unreadable("\(error)"))
                reports.append(.badTile(problem))
                entry = .unusable
            }
        }
        entries[corner] = entry
        return entry
    }
}
