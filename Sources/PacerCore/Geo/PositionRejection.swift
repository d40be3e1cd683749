/// Why a fix did not move the estimate; counted, never fatal.
public enum PositionRejection: Error, Equatable, Sendable {
    case noPosition
    case duplicateTime
    /// Farther from the prediction than speed, HDOP and course make plausible.
    case outlier
}
