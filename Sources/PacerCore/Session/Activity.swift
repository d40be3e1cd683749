/// What the athlete is doing; it selects auto-pause thresholds, the stride model and MET values.
public enum Activity: String, Codable, Sendable, CaseIterable {
    case run, walk, ride
}
