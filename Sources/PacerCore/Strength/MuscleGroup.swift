/// The six muscle groups of the exercise catalogue; each belongs to the upper or lower body,
/// which sets the weight step of the next-session rule.
public enum MuscleGroup: String, Sendable, CaseIterable {
    case chest, back, legs, arms, shoulders, core

    public var isLowerBody: Bool { self == .legs }

    /// The byte the strength index stores (0 is "none").
    var code: UInt8 { UInt8(MuscleGroup.allCases.firstIndex(of: self)! + 1) }

    init?(code: UInt8) {
        guard code >= 1, Int(code) <= MuscleGroup.allCases.count else { return nil }
        self = MuscleGroup.allCases[Int(code) - 1]
    }

    /// The group named (case-insensitively), nil for any other text.
    public init?(name: String) {
        guard let g = MuscleGroup(rawValue: name.lowercased()) else { return nil }
        self = g
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
