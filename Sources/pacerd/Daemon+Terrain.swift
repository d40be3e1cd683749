import PacerCore
import PacerSystem

/// `[elevation] dem`: the terrain model's tiles, handed to the recorder, which reads them along
/// the track (the tiles are mapped on first need; a bad or missing one is logged once, by the
/// recorder's notices). A reload with another directory takes effect from the next fix.
extension Daemon {
    func startTerrain() {
        guard let directory = settings.altitude.demDirectory else { return recorder.useTerrain(nil) }
        recorder.useTerrain(TerrainLookup(source: DirectoryTileSource(path: directory)))
        DaemonLog.info("terrain: SRTM tiles from \(directory)")
    }
}
