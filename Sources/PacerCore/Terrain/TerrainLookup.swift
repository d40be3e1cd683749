/// A `TerrainModel` the session engine can hold: the engine is a value the recorder owns on one
/// thread (pacerd's loop, or replay's), while the model keeps mapped tiles and what it has
/// reported, which copies of the engine must share rather than duplicate. Heights are a pure
/// function of the files, so sharing one lookup changes nothing a session computes.
/// `@unchecked Sendable`: it is used from the thread that owns the recorder, never concurrently.
public final class TerrainLookup: @unchecked Sendable {
    private var model: TerrainModel

    public init(source: TerrainTileSource) { model = TerrainModel(source: source) }

    /// Metres above mean sea level at the point; nil without a usable tile or on a void.
    public func elevation(latitude: Double, longitude: Double) -> Double? {
        model.elevation(latitude: latitude, longitude: longitude)
    }

    /// Bad and missing tiles, each once, for the log.
    public func takeReports() -> [TerrainReport] { model.takeReports() }
}
