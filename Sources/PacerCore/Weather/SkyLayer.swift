/// One cloud layer (or an obscured sky's vertical visibility), heights in feet above ground as
/// reported (hundreds of feet in the group).
public struct SkyLayer: Equatable, Sendable {
    /// Ordered by how much sky it covers, so the prevailing cover is the maximum.
    public enum Amount: String, Comparable, Sendable {
        case few = "FEW", scattered = "SCT", broken = "BKN", overcast = "OVC", verticalVisibility = "VV"
        var rank: Int {
            switch self {
            case .few: 1
            case .scattered: 2
            case .broken: 3
            case .overcast, .verticalVisibility: 4
            }
        }
        public static func < (a: Amount, b: Amount) -> Bool { a.rank < b.rank }
    }
    public enum Convective: String, Sendable { case cumulonimbus = "CB", toweringCumulus = "TCU" }

    public var amount: Amount
    public var heightFeet: Int?
    public var convective: Convective?

    public init(amount: Amount, heightFeet: Int?, convective: Convective? = nil) {
        self.amount = amount
        self.heightFeet = heightFeet
        self.convective = convective
    }
}
