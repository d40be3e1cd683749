import XCTest
@testable import PacerCore

/// The terrain model over a tile source: seams between tiles, the edges of the globe, hostile
/// coordinates, and each bad or missing tile asked for and reported once.
final class TerrainModelTests: XCTestCase {
    let north = TileCorner(fileName: "N47E008.hgt")!
    let south = TileCorner(fileName: "N46E008.hgt")!
    let east = TileCorner(fileName: "N47E009.hgt")!

    /// Three tiles of one plane, h = 1000 + 1200 * (48 - lat) + 600 * (lon - 8) on a 3" grid,
    /// so their shared edge rows and columns hold the same heights.
    func planeSource() -> MemoryTileSource {
        let source = MemoryTileSource()
        for corner in [north, south, east] {
            let rowOffset = (47 - corner.latitude) * 1200, columnOffset = (corner.longitude - 8) * 1200
            source.files[corner] = SyntheticTile.bytes { row, column in
                Int16(1000 + (row + rowOffset) + (column + columnOffset) / 2)
            }
        }
        return source
    }

    func plane(_ lat: Double, _ lon: Double) -> Double { 1000 + 1200 * (48 - lat) + 600 * (lon - 8) }

    func testSeamsAndEdgesAnswerFromEitherTile() throws {
        var model = TerrainModel(source: planeSource())
        for (lat, lon) in [(47.0, 8.5), (47.0 + 1e-9, 8.5), (47.0 - 1e-9, 8.5), (47.5, 9.0), (47.5, 9.0 - 1e-9),
                           (47.5, 9.0 + 1e-9), (47.0, 9.0), (48.0, 8.25), (46.0, 8.25), (47.2, 10.0)] {
            XCTAssertEqual(try XCTUnwrap(model.elevation(latitude: lat, longitude: lon), "\(lat) \(lon)"),
                           plane(lat, lon), accuracy: 0.01, "\(lat) \(lon)")
        }
        XCTAssertEqual(model.takeReports(), [])
    }

    /// On the seam the southern tile answers when the northern one is missing, and the other way.
    func testAMissingTileOnASeamFallsBackToItsNeighbour() throws {
        let source = planeSource()
        source.files[north] = nil
        var model = TerrainModel(source: source)
        XCTAssertEqual(try XCTUnwrap(model.elevation(latitude: 47, longitude: 8.3)), plane(47, 8.3), accuracy: 0.01)
        XCTAssertNil(model.elevation(latitude: 47.0001, longitude: 8.3))
        XCTAssertEqual(model.takeReports(), [.noTile(north)])
    }

    func testTheGlobesEdgesAndHostileCoordinatesAreSafe() throws {
        let source = MemoryTileSource()
        let top = TileCorner(latitude: 89, longitude: 179)!
        source.files[top] = SyntheticTile.bytes { row, column in Int16(row + column) }
        var model = TerrainModel(source: source)
        XCTAssertEqual(model.elevation(latitude: 90, longitude: 180), 1200)
        XCTAssertEqual(model.elevation(latitude: 89, longitude: 179), 1200)
        for (lat, lon) in [(Double.nan, 8.0), (47, .nan), (91, 8), (-90.5, 8), (47, 180.5), (1e300, 1e300),
                           (.infinity, 8), (-.infinity, -.infinity), (.greatestFiniteMagnitude, 0)] {
            XCTAssertNil(model.elevation(latitude: lat, longitude: lon), "\(lat) \(lon)")
        }
    }

    /// A wrong-sized tile is reported once with its name and asked for once, however many
    /// fixes fall on it; a missing tile likewise; the source's own problems pass through once.
    func testEachBadOrMissingTileIsAskedForAndReportedOnce() {
        let source = planeSource()
        source.files[north] = [UInt8](repeating: 0, count: 1201 * 1201 * 2 - 7)
        let broken = TerrainTileProblem(fileName: "N46E008.hgt", kind: .unreadable("mmap: Cannot allocate memory"))
        source.failures[south] = broken
        let misnamed = TerrainTileProblem(fileName: "N47E008 (1).hgt", kind: .misnamed)
        source.pendingProblems = [misnamed]
        var model = TerrainModel(source: source)
        for k in 0..<100 {
            XCTAssertNil(model.elevation(latitude: 47.5, longitude: 8 + Double(k) / 1000))
            XCTAssertNil(model.elevation(latitude: 46.5, longitude: 8.5))
            XCTAssertNil(model.elevation(latitude: 12.5, longitude: 8.5))
        }
        let wrongSize = TerrainTileProblem(fileName: "N47E008.hgt", kind: .wrongSize(bytes: 1201 * 1201 * 2 - 7))
        XCTAssertEqual(model.takeReports(), [.badTile(wrongSize), .badTile(broken), .noTile(TileCorner(latitude: 12, longitude: 8)!),
                                             .badTile(misnamed)])
        XCTAssertEqual(model.takeReports(), [])
        XCTAssertEqual(source.asked[north], 1)
        XCTAssertEqual(source.asked[south], 1)
        XCTAssertEqual(source.asked[TileCorner(latitude: 12, longitude: 8)!], 1)
        XCTAssertTrue(model.takeReports().isEmpty)
        XCTAssertTrue(TerrainReport.badTile(wrongSize).description.contains("N47E008.hgt: 2884795 bytes"))
    }

    /// A void falls back to no height, and the neighbour tile is no substitute off the seam.
    func testAVoidGivesNoHeight() {
        let source = MemoryTileSource()
        source.files[north] = SyntheticTile.bytes { row, _ in row >= 600 ? TerrainTile.void : 700 }
        var model = TerrainModel(source: source)
        XCTAssertEqual(model.elevation(latitude: 47.9, longitude: 8.5), 700)
        XCTAssertNil(model.elevation(latitude: 47.2, longitude: 8.5))
        XCTAssertEqual(model.elevation(latitude: 47.9, longitude: 8.6), 700)
        XCTAssertEqual(model.takeReports(), [])
    }
}
