/// `[workout]`: the structured workout followed from the start, as `[course] file` is: every
/// session pacerd (or `pacerctl replay`) starts runs it until a `workout` command replaces it.
///
/// ```
/// [workout]
/// file = /var/lib/pacer/workouts/sweet-spot.zwo   ; none by default: .zwo, FIT workout or Pacer's text form
/// ```
public struct WorkoutSettings: Equatable, Sendable {
    /// The workout followed from the start; a `workout` command replaces or clears it.
    public var file: String?

    public init() {}
}
