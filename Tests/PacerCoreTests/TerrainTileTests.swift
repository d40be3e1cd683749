import XCTest
@testable import PacerCore

/// SRTM tiles: names, sizes, the post order, bilinear interpolation, voids and damaged posts.
final class TerrainTileTests: XCTestCase {
    func testNamesAreTheSouthWestCornerInEitherCase() throws {
        let n = try XCTUnwrap(TileCorner(fileName: "N47E008.hgt"))
        XCTAssertEqual([n.latitude, n.longitude], [47, 8])
        let s = try XCTUnwrap(TileCorner(fileName: "s12w077.HGT"))
        XCTAssertEqual([s.latitude, s.longitude], [-12, -77])
        XCTAssertEqual(s.fileName, "S12W077.hgt")
        XCTAssertEqual(TileCorner(fileName: "n00e000.hgt")?.fileName, "N00E000.hgt")
        XCTAssertEqual(TileCorner(fileName: "S90W180.hgt")?.fileName, "S90W180.hgt")
        XCTAssertEqual(TileCorner(latitude: -1, longitude: -1)?.fileName, "S01W001.hgt")
        for name in ["N47E8.hgt", "N47E008.hgt.zip", "N47E008.hg", "X47E008.hgt", "N47X008.hgt", "N4aE008.hgt",
                     "N90E000.hgt", "N47E180.hgt", "S00E001.hgt", "N01W000.hgt", "N47E008 .hgt", "N47E008.txt",
                     "N-7E008.hgt", "", "N47E008(1).hgt"] {
            XCTAssertNil(TileCorner(fileName: name), name)
        }
    }

    func testTheTilesAroundAPointIncludeTheNeighbourOnAnEdge() {
        func names(_ lat: Double, _ lon: Double) -> [String] { TileCorner.tiles(latitude: lat, longitude: lon).map(\.fileName) }
        XCTAssertEqual(names(47.3, 8.5), ["N47E008.hgt"])
        XCTAssertEqual(names(-11.5, -76.2), ["S12W077.hgt"])
        XCTAssertEqual(names(47.0, 8.5), ["N47E008.hgt", "N46E008.hgt"])
        XCTAssertEqual(names(47.0, 8.0), ["N47E008.hgt", "N47E007.hgt", "N46E008.hgt", "N46E007.hgt"])
        XCTAssertEqual(names(90, 180), ["N89E179.hgt"])
        XCTAssertEqual(names(-90, -180), ["S90W180.hgt"])
        for (lat, lon) in [(Double.nan, 8.0), (47, .nan), (91, 8), (47, 181), (1e300, 8), (-.infinity, 8), (47, -1e300)] {
            XCTAssertEqual(names(lat, lon), [], "\(lat) \(lon)")
        }
    }

    func testOnlyTheTwoGridSizesAreTiles() throws {
        XCTAssertEqual(TileGrid(byteCount: 3601 * 3601 * 2), .oneArcSecond)
        XCTAssertEqual(TileGrid(byteCount: 1201 * 1201 * 2), .threeArcSecond)
        for size in [0, 1, 1201 * 1201 * 2 - 1, 1201 * 1201 * 2 + 1, 1201 * 1201, 3601 * 3601 * 2 - 2, 1200 * 1200 * 2] {
            XCTAssertNil(TileGrid(byteCount: size), "\(size)")
        }
        XCTAssertThrowsError(try TerrainTile(corner: TileCorner(fileName: "N47E008.hgt")!, bytes: ArrayTileBytes([UInt8](repeating: 0, count: 1000)))) {
            XCTAssertEqual($0 as? TerrainTileProblem, TerrainTileProblem(fileName: "N47E008.hgt", kind: .wrongSize(bytes: 1000)))
            XCTAssertTrue("\($0)".contains("N47E008.hgt: 1000 bytes"), "\($0)")
        }
    }

    /// Row 0 is the north edge, column 0 the west edge; a plane is interpolated exactly.
    func testPostsRunNorthToSouthAndAPlaneIsExact() throws {
        let tile = try SyntheticTile.tile("N47E008.hgt") { row, column in Int16(2 * row + column) }
        XCTAssertEqual(tile.height(row: 0, column: 0), 0)
        XCTAssertEqual(tile.height(row: 1200, column: 1200), 3600)
        XCTAssertNil(tile.height(row: 1201, column: 0))
        XCTAssertNil(tile.height(row: 0, column: -1))
        XCTAssertEqual(tile.elevation(latitude: 48, longitude: 8), 0)           // north-west corner
        XCTAssertEqual(tile.elevation(latitude: 47, longitude: 8), 2400)        // south-west
        XCTAssertEqual(tile.elevation(latitude: 48, longitude: 9), 1200)        // north-east
        XCTAssertEqual(tile.elevation(latitude: 47, longitude: 9), 3600)        // south-east
        // 10.25 rows south and 20.5 columns east of the north-west corner: 2 * 10.25 + 20.5.
        XCTAssertEqual(try XCTUnwrap(tile.elevation(latitude: 48 - 10.25 / 1200, longitude: 8 + 20.5 / 1200)), 41, accuracy: 1e-6)
        XCTAssertNil(tile.elevation(latitude: 46.9999, longitude: 8.5))
        XCTAssertNil(tile.elevation(latitude: 47.5, longitude: 9.0001))
        XCTAssertNil(tile.elevation(latitude: .nan, longitude: 8.5))
    }

    /// A checkerboard, computed by hand: each post's weight is the product of its two distances' complements.
    func testBilinearWeightsOnACheckerboard() throws {
        let tile = try SyntheticTile.tile("S12W077.hgt", .oneArcSecond) { row, column in (row + column) % 2 == 0 ? 0 : 100 }
        let step = 1.0 / 3600
        // Posts (0,0)=0 (0,1)=100 (1,0)=100 (1,1)=0; a quarter post east and south:
        // 0 * 9/16 + 100 * 3/16 + 100 * 3/16 + 0 * 1/16 = 37.5.
        XCTAssertEqual(try XCTUnwrap(tile.elevation(latitude: -11 - 0.25 * step, longitude: -77 + 0.25 * step)), 37.5, accuracy: 1e-6)
        // Three quarters east on the row of post (0, 0): 0 * 1/4 + 100 * 3/4.
        XCTAssertEqual(try XCTUnwrap(tile.elevation(latitude: -11, longitude: -77 + 0.75 * step)), 75, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(tile.elevation(latitude: -11 - 0.5 * step, longitude: -77 + 0.5 * step)), 50, accuracy: 1e-6)
    }

    /// A void is a hole: no height where it weighs in, the posts beside it still read.
    func testVoidsAreHolesNeverHeights() throws {
        let tile = try SyntheticTile.tile("N47E008.hgt") { row, column in
            row == 10 && column == 20 ? TerrainTile.void : 500
        }
        let step = 1.0 / 1200
        func at(_ row: Double, _ column: Double) -> Double? { tile.elevation(latitude: 48 - row * step, longitude: 8 + column * step) }
        XCTAssertNil(tile.height(row: 10, column: 20))
        XCTAssertNil(at(10, 20))
        XCTAssertNil(at(10.5, 20.5))
        XCTAssertNil(at(9.5, 19.5))
        XCTAssertNil(at(10, 20.5))                     // on the row, between the void and its neighbour
        XCTAssertEqual(at(10, 21), 500)                // on the neighbour post: the void has no weight
        XCTAssertEqual(try XCTUnwrap(at(10.5, 21.5)), 500, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(at(11, 20.5 - 0.5)), 500, accuracy: 1e-9)
    }

    /// Heights no ground has are damage, read as voids; the plausible extremes are heights.
    func testAbsurdHeightsAreVoids() throws {
        let values: [Int16] = [9000, 9001, -500, -501, .max, .min + 1]
        let tile = try SyntheticTile.tile("N47E008.hgt") { row, column in row == 0 && column < values.count ? values[column] : 0 }
        XCTAssertEqual((0..<values.count).map { tile.height(row: 0, column: $0) }, [9000, nil, -500, nil, nil, nil])
        XCTAssertEqual(tile.elevation(latitude: 48, longitude: 8), 9000)
        XCTAssertNil(tile.elevation(latitude: 48, longitude: 8 + 0.5 / 1200))
    }
}
