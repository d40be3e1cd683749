/// What a course point tells the rider, one row per kind with its name in every format that
/// carries it: Pacer's JSON (`next_point.kind`, EVENT `course_point`), TCX's `PointType` and
/// FIT's `course_point` type (profile enum 0...25). A new kind is one row.
public struct CourseCueKind: Equatable, Hashable, Sendable {
    /// The name in STATE, EVENTs and `course info --json`.
    public let name: String
    /// TCX `CoursePoint/PointType` (the TrainingCenterDatabase v2 schema's enumeration); nil: none.
    public let tcx: String?
    /// FIT `course_point` enum value; nil: none.
    public let fit: UInt8?
    /// A turn: derived cues of a track without any are of these kinds.
    public let isTurn: Bool

    public static let generic = CourseCueKind(name: "generic", tcx: "Generic", fit: 0, isTurn: false)
    public static let summit = CourseCueKind(name: "summit", tcx: "Summit", fit: 1, isTurn: false)
    public static let valley = CourseCueKind(name: "valley", tcx: "Valley", fit: 2, isTurn: false)
    public static let water = CourseCueKind(name: "water", tcx: "Water", fit: 3, isTurn: false)
    public static let food = CourseCueKind(name: "food", tcx: "Food", fit: 4, isTurn: false)
    public static let danger = CourseCueKind(name: "danger", tcx: "Danger", fit: 5, isTurn: false)
    public static let left = CourseCueKind(name: "left", tcx: "Left", fit: 6, isTurn: true)
    public static let right = CourseCueKind(name: "right", tcx: "Right", fit: 7, isTurn: true)
    public static let straight = CourseCueKind(name: "straight", tcx: "Straight", fit: 8, isTurn: true)
    public static let slightLeft = CourseCueKind(name: "slight_left", tcx: nil, fit: 19, isTurn: true)
    public static let sharpLeft = CourseCueKind(name: "sharp_left", tcx: nil, fit: 20, isTurn: true)
    public static let slightRight = CourseCueKind(name: "slight_right", tcx: nil, fit: 21, isTurn: true)
    public static let sharpRight = CourseCueKind(name: "sharp_right", tcx: nil, fit: 22, isTurn: true)
    public static let uTurn = CourseCueKind(name: "u_turn", tcx: nil, fit: 23, isTurn: true)

    public static let all: [CourseCueKind] = [
        generic, summit, valley, water, food, danger, left, right, straight,
        CourseCueKind(name: "first_aid", tcx: "First Aid", fit: 9, isTurn: false),
        CourseCueKind(name: "category_4", tcx: "4th Category", fit: 10, isTurn: false),
        CourseCueKind(name: "category_3", tcx: "3rd Category", fit: 11, isTurn: false),
        CourseCueKind(name: "category_2", tcx: "2nd Category", fit: 12, isTurn: false),
        CourseCueKind(name: "category_1", tcx: "1st Category", fit: 13, isTurn: false),
        CourseCueKind(name: "hors_category", tcx: "Hors Category", fit: 14, isTurn: false),
        CourseCueKind(name: "sprint", tcx: "Sprint", fit: 15, isTurn: false),
        CourseCueKind(name: "left_fork", tcx: nil, fit: 16, isTurn: true),
        CourseCueKind(name: "right_fork", tcx: nil, fit: 17, isTurn: true),
        CourseCueKind(name: "middle_fork", tcx: nil, fit: 18, isTurn: true),
        slightLeft, sharpLeft, slightRight, sharpRight, uTurn,
        CourseCueKind(name: "segment_start", tcx: nil, fit: 24, isTurn: false),
        CourseCueKind(name: "segment_end", tcx: nil, fit: 25, isTurn: false),
    ]

    /// The kind a TCX `PointType` names (case as the schema spells it); unknown names are generic.
    public static func tcx(_ text: String) -> CourseCueKind { all.first { $0.tcx == text } ?? generic }
    /// The kind a FIT `course_point` value names; unknown values are generic.
    public static func fit(_ value: UInt8) -> CourseCueKind { all.first { $0.fit == value } ?? generic }
}
