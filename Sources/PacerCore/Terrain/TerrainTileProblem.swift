/// Why a tile is not used, with its file name: what a user fixing the DEM directory needs in the
/// one log line it gets.
public struct TerrainTileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Not 3601x3601 or 1201x1201 int16s: truncated, or not a tile at all.
        case wrongSize(bytes: Int)
        /// A `.hgt` file whose name says no corner: its position cannot be known.
        case misnamed
        /// Another file names the same tile in another case (`n47e008.hgt` beside `N47E008.hgt`).
        case duplicate(of: String)
        /// The system would not give the bytes (open, fstat, mmap): its message.
        case unreadable(String)
    }

    public let fileName: String
    public let kind: Kind

    public init(fileName: String, kind: Kind) { (self.fileName, self.kind) = (fileName, kind) }

    public var description: String {
        switch kind {
        case .wrongSize(let bytes):
            return "terrain tile \(fileName): \(bytes) bytes, not a 1\" tile (\(TileGrid.oneArcSecond.byteCount)) "
                + "or a 3\" tile (\(TileGrid.threeArcSecond.byteCount)); not used"
        case .misnamed:
            return "terrain tile \(fileName): not named like N47E008.hgt (its south-west corner); not used"
        case .duplicate(let other):
            return "terrain tile \(fileName): the same tile as \(other); not used"
        case .unreadable(let message):
            return "terrain tile \(fileName): \(message); not used"
        }
    }
}
