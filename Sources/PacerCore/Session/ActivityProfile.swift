/// One row per activity: its journal code and the names other formats give it, whether it has
/// a track at all, and the energy rate used without heart rate. A new activity is a new row and
/// an `Activity` case, which the compiler then asks every switch on `Activity` for.
public struct ActivityProfile: Sendable {
    public let activity: Activity
    /// The byte in sessionStart records and the history index (never reused).
    public let journalCode: UInt8
    public let title: String
    public let gpxType: String
    public let tcxSport: String
    /// FIT `sport` and `sub_sport` (profile.xlsx: 1 running, 2 cycling, 11 walking, 10 training /
    /// 20 strength_training, 0 generic).
    public let fitSport: UInt8
    public let fitSubSport: UInt8
    /// Positions, distance, auto-pause and auto-start from movement apply. Without a track a
    /// session records heart rate only and ignores fixes (except as a clock).
    public let recordsTrack: Bool
    /// Metabolic equivalent when there is no heart rate and no speed to derive one from
    /// (Compendium of Physical Activities 2011: 02054 resistance training 3.5 MET).
    public let fixedMET: Double?

    public static let table: [ActivityProfile] = [
        ActivityProfile(activity: .run, journalCode: 0, title: "Run", gpxType: "running", tcxSport: "Running",
                        fitSport: 1, fitSubSport: 0, recordsTrack: true, fixedMET: nil),
        ActivityProfile(activity: .walk, journalCode: 1, title: "Walk", gpxType: "walking", tcxSport: "Other",
                        fitSport: 11, fitSubSport: 0, recordsTrack: true, fixedMET: nil),
        ActivityProfile(activity: .ride, journalCode: 2, title: "Ride", gpxType: "cycling", tcxSport: "Biking",
                        fitSport: 2, fitSubSport: 0, recordsTrack: true, fixedMET: nil),
        ActivityProfile(activity: .strength, journalCode: 3, title: "Strength", gpxType: "strength", tcxSport: "Other",
                        fitSport: 10, fitSubSport: 20, recordsTrack: false, fixedMET: 3.5),
        ActivityProfile(activity: .other, journalCode: 4, title: "Other", gpxType: "other", tcxSport: "Other",
                        fitSport: 0, fitSubSport: 0, recordsTrack: false, fixedMET: nil),
    ]

    /// The activity stored under a journal code; nil for a code this build does not know.
    public static func activity(journalCode: UInt8) -> Activity? {
        table.first { $0.journalCode == journalCode }?.activity
    }

    /// The activity names for messages ("run, walk, ride, strength or other").
    public static var names: String {
        let all = table.map(\.activity.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }
}
