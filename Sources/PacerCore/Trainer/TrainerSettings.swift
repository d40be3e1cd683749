/// `[trainer]`: how pacerd drives a smart trainer (FTMS) it is connected to.
///
/// ```
/// [trainer]
/// mode = erg   ; erg: hold the workout's power target (sim between power steps); sim: ride the
///              ; course's grade (0 % without a course); off: only read it
/// ```
public struct TrainerSettings: Equatable, Sendable {
    public enum Mode: String, Equatable, Sendable, CaseIterable {
        case erg, sim, off
    }

    public var mode: Mode = .erg

    public init() {}
}
