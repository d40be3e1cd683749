import XCTest
@testable import PacerCore

/// `[elevation] dem` in the session core: the ground's height along the filtered track is the
/// elevation where a tile covers it, the receiver's altitude where none does, and with a
/// barometer the tiles set its offset. Tiles here are built in memory (3", whole metres).
final class SessionTerrainTests: XCTestCase {
    private let t0 = UTCTime(year: 2026, month: 3, day: 1, hour: 7, minute: 0, second: 0)!

    /// N47E008 with heights from the post's row and column (row 0 is the north edge, 48°N).
    private func lookup(_ height: @escaping (_ row: Int, _ column: Int) -> Int16) -> (TerrainLookup, MemoryTileSource) {
        let source = MemoryTileSource()
        source.files[TileCorner(fileName: "N47E008.hgt")!] = SyntheticTile.bytes(.threeArcSecond, height: height)
        return (TerrainLookup(source: source), source)
    }

    /// Runs the fixes through an engine reading `terrain`, with pressure readings when given.
    private func run(_ fixes: [(GNSSFix, MonotonicInstant)], terrain: TerrainLookup?, config: PacerConfig = PacerConfig(),
                     pascals: Double? = nil) -> (SessionSummary, [SessionSample], SessionLiveState) {
        var engine = SessionEngine(config: config, activity: .run)
        engine.terrain.lookup = terrain
        var samples: [SessionSample] = []
        let emit: (SessionOutput) -> Void = { if case .sample(let s) = $0 { samples.append(s) } }
        let start = fixes[0].1
        try! engine.handle(.start(nil), at: start, time: t0, emit: emit)
        for (fix, instant) in fixes {
            if let pascals {
                let decipascals = UInt32(pascals * 10)
                let bytes = [UInt8(decipascals & 0xFF), UInt8(decipascals >> 8 & 0xFF), UInt8(decipascals >> 16 & 0xFF), UInt8(decipascals >> 24)]
                engine.handle(.pressure(try! EnvironmentalPressure(bytes: bytes)), at: instant, emit: emit)
            }
            engine.handle(fix: fix, at: instant, emit: emit)
        }
        let end = fixes.last!.1
        let live = engine.liveState(at: end)
        try! engine.handle(.stop, at: end, time: t0, emit: emit)
        return (engine.summary(), samples, live)
    }

    /// 3 m/s due north for 20 minutes from 47.3769°N: 3.6 km across rows 3" (92.6 m) apart.
    private func northward(seed: UInt64 = 7, back: Bool = false) -> [(GNSSFix, MonotonicInstant)] {
        var gen = SyntheticFixes(seed: seed)
        return gen.make(duration: 1200) { t in (0, back && t > 600 ? 3 * (1200 - t) : 3 * min(t, back ? 600 : 1200)) }.fixes
    }

    /// The ground rises 1 m a row to the north (about 1.1 %); the receiver's altitude stays at
    /// 400 m: the gain is the ground's, the samples' altitudes are the ground's, and STATE and
    /// the summary say so.
    func testTheGroundsHeightIsTheElevation() {
        let (terrain, _) = lookup { row, _ in Int16(2000 - row) }
        let (summary, samples, live) = run(northward(), terrain: terrain)
        let rise = 3600 / (6_371_000 * Double.pi / 180 / 1200)
        XCTAssertEqual(summary.elevationGain ?? 0, rise, accuracy: rise * 0.05)
        XCTAssertEqual(summary.elevationLoss ?? -1, 0, accuracy: 1)
        XCTAssertEqual(summary.elevationSource, "dem")
        XCTAssertEqual(live.altitudeSource, .dem)
        XCTAssertEqual(live.elevationGain ?? 0, rise, accuracy: rise * 0.05)
        let last = samples.last { $0.altitudeMSL != nil }
        let expected = 2000 - (48 - (last?.latitude ?? 0)) * 1200
        XCTAssertEqual(last?.altitudeMSL ?? 0, expected, accuracy: 1)
        // Without tiles the same ride is the receiver's: no gain at 400 m.
        let (gps, _, _) = run(northward(), terrain: nil)
        XCTAssertEqual(gps.elevationGain ?? -1, 0, accuracy: 0.5)
        XCTAssertEqual(gps.elevationSource, "gps")
        // `source = gps` ignores the tiles.
        var config = PacerConfig()
        config.altitude.source = .gps
        XCTAssertEqual(run(northward(), terrain: lookup { row, _ in Int16(2000 - row) }.0, config: config).0.elevationSource, "gps")
    }

    /// Flat ground whose posts alternate by a metre (a DEM's post-to-post noise), out and back
    /// over 1.8 km: no climb is made of it.
    func testPostToPostNoiseOnFlatGroundIsNoClimb() {
        let (terrain, _) = lookup { row, column in (row + column) % 2 == 0 ? 300 : 301 }
        let (summary, _, _) = run(northward(back: true), terrain: terrain)
        XCTAssertEqual(summary.elevationSource, "dem")
        XCTAssertLessThanOrEqual(summary.elevationGain ?? 99, 1)
    }

    /// A receiver speed that is no number sets no smoothing of NaN: the gain stays a number.
    func testASpeedThatIsNoNumberLeavesTheGainANumber() {
        var altitude = TerrainAltitude()
        for (k, speed) in [3.0, .nan, .infinity, 3.0, 3.0].enumerated() {
            altitude.track(100 + Double(k) * 3, speed: speed, at: MonotonicInstant(seconds: 1000 + Double(k)))
        }
        XCTAssertTrue(altitude.gain.isFinite)
        XCTAssertGreaterThan(altitude.gain, 0)
    }

    /// No tile under the track: the receiver's altitude, and the missing tile reported once.
    func testNoTileFallsBackToTheReceiverAndIsReportedOnce() {
        let source = MemoryTileSource()
        let terrain = TerrainLookup(source: source)
        let (summary, _, live) = run(northward(), terrain: terrain)
        XCTAssertEqual(summary.elevationSource, "gps")
        XCTAssertEqual(live.altitudeSource, .gps)
        XCTAssertEqual(terrain.takeReports(), [.noTile(TileCorner(fileName: "N47E008.hgt")!)])
        XCTAssertEqual(terrain.takeReports(), [])
        XCTAssertEqual(source.asked[TileCorner(fileName: "N47E008.hgt")!], 1, "asked once however many fixes")
    }

    /// A void under part of the track: GPS there, the tiles elsewhere, each stretch counted apart
    /// (the step between the ground's height and the receiver's is no climb).
    func testAVoidIsAHoleNotAHeight() {
        // The ground rises to the north, but rows 722-732 (the middle of the ride: it starts at row 748) are voids.
        let (terrain, _) = lookup { row, _ in (722...732).contains(row) ? -32768 : Int16(2000 - row) }
        let (summary, samples, _) = run(northward(), terrain: terrain)
        XCTAssertEqual(summary.elevationSource, "dem+gps")
        XCTAssertFalse(samples.contains { ($0.altitudeMSL ?? 0) < 0 }, "a void never becomes a height")
        XCTAssertLessThan(summary.elevationGain ?? 99, 40, "the 400 m GPS stretch adds no climb to the ground's")
    }

    /// With a barometer, the tiles set its offset: the pressure altitude is placed on the ground
    /// (1500 m), not on the receiver's altitude (400 m), and the source is the barometer.
    func testTheBarometersOffsetComesFromTheTiles() {
        let (terrain, _) = lookup { _, _ in 1500 }
        // 95 000 Pa is about 540 m in the standard atmosphere: neither height.
        let (summary, samples, live) = run(northward(), terrain: terrain, pascals: 95_000)
        XCTAssertEqual(summary.elevationSource, "barometer")
        XCTAssertEqual(live.altitudeSource, .barometer)
        let last = samples.last { $0.altitudeMSL != nil }?.altitudeMSL
        XCTAssertEqual(last ?? 0, 1500, accuracy: 2)
        let (gps, gpsSamples, _) = run(northward(), terrain: nil, pascals: 95_000)
        XCTAssertEqual(gps.elevationSource, "barometer")
        XCTAssertEqual(gpsSamples.last { $0.altitudeMSL != nil }?.altitudeMSL ?? 0, 400, accuracy: 2)
    }
}
