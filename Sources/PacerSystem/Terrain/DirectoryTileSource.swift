import PacerCore

/// The `.hgt` tiles of a DEM directory (`[elevation] dem = DIR`): lists the directory once, on
/// the first tile asked for, so a missing tile costs no system call per fix; maps each tile
/// (`MappedFile`) when the terrain model first needs it. Names are read in either case
/// (`N47E008.hgt`, `n47e008.hgt`, `N47E008.HGT`); a `.hgt` file whose name says no corner, a
/// second file for the same tile, and a file of the wrong size are reported, never used.
public final class DirectoryTileSource: TerrainTileSource {
    public let path: String
    /// Each tile's file name in the directory; nil until listed.
    private var names: [TileCorner: String]?
    private var problems: [TerrainTileProblem] = []

    public init(path: String) { self.path = path }

    public func tileBytes(at corner: TileCorner) -> Result<TerrainTileBytes, TerrainTileProblem>? {
        guard let name = listed()[corner] else { return nil }
        do {
            // A wrong size is refused before mapping: a 2 GB file named like a tile maps nothing.
            return .success(try MappedFile(path: path + "/" + name) { TileGrid(byteCount: $0) != nil })
        } catch let refused as MappedFile.RefusedSize {
            return .failure(TerrainTileProblem(fileName: name, kind: .wrongSize(bytes: refused.bytes)))
        } catch {
            return .failure(TerrainTileProblem(fileName: name, kind: .unreadable("\(error)")))
        }
    }

    public func takeProblems() -> [TerrainTileProblem] {
        defer { problems = [] }
        return problems
    }

    /// The directory's tiles, listed on first use; what cannot be used is kept for `takeProblems`.
    private func listed() -> [TileCorner: String] {
        if let names { return names }
        var found: [TileCorner: String] = [:]
        do {
            // Sorted, so which of two same-tile names is used does not depend on the file system.
            for name in try DirectoryEntries.names(in: path).sorted() where !name.hasPrefix(".") && Self.isTileFile(name) {
                guard let corner = TileCorner(fileName: name) else {
                    problems.append(TerrainTileProblem(fileName: name, kind: .misnamed))
                    continue
                }
                if let first = found[corner] {
                    problems.append(TerrainTileProblem(fileName: name, kind: .duplicate(of: first)))
                } else {
                    found[corner] = name
                }
            }
        } catch {
            problems.append(TerrainTileProblem(fileName: path, kind: .unreadable("\(error)")))
        }
        names = found
        return found
    }

    /// Ends in `.hgt`, in any case.
    private static func isTileFile(_ name: String) -> Bool {
        name.utf8.count >= 4 && String(name.suffix(4)).lowercased() == ".hgt"
    }
}
