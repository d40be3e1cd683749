// terrain-bench: the helper of bench/terrain.sh. Times TerrainModel.elevation over the tiles of
// a DEM directory as pacerd would use it (DirectoryTileSource, memory-mapped): the first lookup
// (lists the directory, maps the tile), a track (points a few metres apart: one fix after
// another), and points scattered over the tile (a page fault at each first touch, then warm).
// With --points FILE it also writes the track's points as `lon lat` lines for a peer to read.
import Foundation
import PacerCore
import PacerSystem

/// A repeatable generator (SplitMix64): the same points on every run and every machine.
struct SplitMix {
    var state: UInt64
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}

func option(_ name: String) -> String? {
    guard let i = CommandLine.arguments.firstIndex(of: name), i + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[i + 1]
}

guard let dem = option("--dem"), let lat0 = option("--lat").flatMap(Double.init), let lon0 = option("--lon").flatMap(Double.init) else {
    FileHandle.standardError.write(Data("usage: terrain-bench --dem DIR --lat LAT --lon LON [--count N] [--points FILE]\n".utf8))
    exit(2)
}
let count = option("--count").flatMap(Int.init) ?? 1_000_000
var random = SplitMix(state: 47)

// A walk of 3 m steps whose heading wanders, within about 5 km of the start.
var track: [(Double, Double)] = []
var lat = lat0, lon = lon0, heading = 0.0
for _ in 0..<count {
    heading += (random.next() - 0.5) * 0.4
    // Turned back towards the start beyond 5 km of it: a day's riding stays on its tile.
    if abs(lat - lat0) > 0.045 || abs(lon - lon0) > 0.065 { heading = atan2(lon0 - lon, lat0 - lat) }
    lat += 3 * cos(heading) / 111_200
    lon += 3 * sin(heading) / (111_320 * cos(lat * .pi / 180))
    track.append((lat, lon))
}
let corner = (lat0.rounded(.down), lon0.rounded(.down))
let scattered = (0..<count).map { _ in (corner.0 + random.next(), corner.1 + random.next()) }
if let file = option("--points") {
    let text = track.map { "\($0.1) \($0.0)\n" }.joined()
    _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
}

var model = TerrainModel(source: DirectoryTileSource(path: dem))
var start = Clocks.monotonic()
let first = model.elevation(latitude: lat0, longitude: lon0)
let firstNs = Double(Clocks.monotonic().nanoseconds - start.nanoseconds)
for report in model.takeReports() { print("report: \(report)") }

/// ns per lookup over `points`, and how many gave a height (so no work is optimised away).
func time(_ points: [(Double, Double)], _ model: inout TerrainModel) -> (Double, Int, Double) {
    var heights = 0, sum = 0.0
    let start = Clocks.monotonic()
    for (lat, lon) in points {
        if let h = model.elevation(latitude: lat, longitude: lon) { heights += 1; sum += h }
    }
    return (Double(Clocks.monotonic().nanoseconds - start.nanoseconds) / Double(max(1, points.count)), heights, sum)
}

let (trackNs, trackHeights, trackSum) = time(track, &model)
let (coldNs, coldHeights, _) = time(scattered, &model)
let (warmNs, _, _) = time(scattered, &model)
print(String(format: "first lookup (list the directory, map the tile)  %10.0f ns  height %@", firstNs, first.map { String(format: "%.1f m", $0) } ?? "none"))
print(String(format: "track, %d points 3 m apart                   %10.1f ns/lookup  (%d heights, mean %.1f m)",
             count, trackNs, trackHeights, trackSum / Double(max(1, trackHeights))))
print(String(format: "scattered over the tile, first touch           %10.1f ns/lookup  (%d heights)", coldNs, coldHeights))
print(String(format: "scattered over the tile, again                 %10.1f ns/lookup", warmNs))
