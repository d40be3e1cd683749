import Foundation
import XCTest
import PacerCore
import PacerSystem

/// The DEM directory: tiles found in either case and memory-mapped, and every kind of bad file
/// (truncated, wrong size, misnamed, a second name for one tile, a directory) reported once
/// with its name and never used; a missing tile is remembered, not looked for again.
final class DirectoryTerrainSourceTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-dem-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A 3" tile of the plane h = base + row (row 0 the north edge), big-endian.
    func tileBytes(base: Int16) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 1201 * 1201 * 2)
        for row in 0..<1201 {
            let h = UInt16(bitPattern: base + Int16(row))
            for column in 0..<1201 {
                bytes[(row * 1201 + column) * 2] = UInt8(truncatingIfNeeded: h >> 8)
                bytes[(row * 1201 + column) * 2 + 1] = UInt8(truncatingIfNeeded: h)
            }
        }
        return bytes
    }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
    }

    func testAMappedFileHoldsTheFilesBytes() throws {
        let bytes = tileBytes(base: 300)
        try write("N47E008.hgt", bytes)
        let mapped = try MappedFile(path: dir + "/N47E008.hgt") { _ in true }
        XCTAssertEqual(mapped.bytes.count, bytes.count)
        XCTAssertEqual(Array(mapped.bytes.prefix(4)), [0x01, 0x2C, 0x01, 0x2C])
        XCTAssertEqual(Array(mapped.bytes.suffix(2)), [0x05, 0xDC])   // 300 + 1200
        XCTAssertThrowsError(try MappedFile(path: dir + "/N47E008.hgt") { _ in false }) {
            XCTAssertEqual(($0 as? MappedFile.RefusedSize)?.bytes, bytes.count)
        }
        XCTAssertThrowsError(try MappedFile(path: dir + "/none.hgt") { _ in true }) {
            XCTAssertEqual(($0 as? SystemError)?.errno, ENOENT)
        }
        XCTAssertThrowsError(try MappedFile(path: dir) { _ in true }) { XCTAssertEqual(($0 as? SystemError)?.errno, EINVAL) }
    }

    /// Tiles named in upper, lower and mixed case all answer, each from its own file.
    func testTilesAreFoundInEitherCase() throws {
        try write("N47E008.hgt", tileBytes(base: 100))
        try write("n46e008.hgt", tileBytes(base: 2000))
        try write("N45E008.HGT", tileBytes(base: 4000))
        var model = TerrainModel(source: DirectoryTileSource(path: dir))
        XCTAssertEqual(model.elevation(latitude: 48, longitude: 8.5), 100)
        XCTAssertEqual(model.elevation(latitude: 47, longitude: 8.5), 1300)   // N47's south edge row
        XCTAssertEqual(model.elevation(latitude: 46.5, longitude: 8.5), 2600)
        XCTAssertEqual(model.elevation(latitude: 45.5, longitude: 8.5), 4600)
        XCTAssertEqual(model.takeReports(), [])
    }

    /// Truncated, too long, empty, misnamed, a second name for a tile and a directory named
    /// like a tile: each reported once with its file name; none gives a height.
    func testBadFilesAreReportedOnceAndNotUsed() throws {
        try write("N47E008.hgt", Array(tileBytes(base: 100).dropLast(1000)))
        try write("N46E008.hgt", tileBytes(base: 100) + [0, 0])
        try write("N45E008.hgt", [])
        try write("N47E8.hgt", tileBytes(base: 100))
        try write("N44E008.hgt", tileBytes(base: 700))
        try write("n44e008.hgt", tileBytes(base: 900))
        try write("README.txt", [0x41])
        try FileManager.default.createDirectory(atPath: dir + "/N43E008.hgt", withIntermediateDirectories: false)
        var model = TerrainModel(source: DirectoryTileSource(path: dir))
        for _ in 0..<50 {
            for lat in [47.5, 46.5, 45.5, 43.5] { XCTAssertNil(model.elevation(latitude: lat, longitude: 8.5), "\(lat)") }
            XCTAssertEqual(model.elevation(latitude: 44.5, longitude: 8.5), 1300)
        }
        let reports = model.takeReports().map(\.description)
        XCTAssertEqual(reports.count, 6, reports.joined(separator: "\n"))
        for expected in ["N47E008.hgt: 2883802 bytes", "N46E008.hgt: 2884804 bytes", "N45E008.hgt: 0 bytes",
                         "N47E8.hgt: not named like N47E008.hgt", "n44e008.hgt: the same tile as N44E008.hgt",
                         "N43E008.hgt: mmap"] {
            XCTAssertEqual(reports.filter { $0.contains(expected) }.count, 1, "\(expected) in\n" + reports.joined(separator: "\n"))
        }
        XCTAssertEqual(model.takeReports(), [])
    }

    /// The directory is listed once: a tile that appears later is not seen by this source (no
    /// system call per fix for a region without tiles), and the missing one is reported once.
    func testAMissingTileIsRememberedAndReportedOnce() throws {
        try write("N47E008.hgt", tileBytes(base: 100))
        var model = TerrainModel(source: DirectoryTileSource(path: dir))
        XCTAssertNil(model.elevation(latitude: 52.5, longitude: 13.4))
        try write("N52E013.hgt", tileBytes(base: 100))
        XCTAssertNil(model.elevation(latitude: 52.5, longitude: 13.4))
        XCTAssertEqual(model.takeReports(), [.noTile(TileCorner(latitude: 52, longitude: 13)!)])
        XCTAssertNotNil(model.elevation(latitude: 47.5, longitude: 8.5))
        var fresh = TerrainModel(source: DirectoryTileSource(path: dir))
        XCTAssertEqual(fresh.elevation(latitude: 52, longitude: 13.4), 1300)
    }

    func testAMissingDirectoryIsReportedOnce() {
        var model = TerrainModel(source: DirectoryTileSource(path: dir + "/nowhere"))
        XCTAssertNil(model.elevation(latitude: 47.5, longitude: 8.5))
        XCTAssertNil(model.elevation(latitude: 46.5, longitude: 8.5))
        let reports = model.takeReports().map(\.description)
        XCTAssertEqual(reports.filter { $0.contains("nowhere") && $0.contains("opendir") }.count, 1, reports.joined(separator: "\n"))
    }
}
