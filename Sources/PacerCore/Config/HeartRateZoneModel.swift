/// How the five heart-rate zones are derived when the config gives no explicit bounds.
public enum HeartRateZoneModel: String, Sendable, CaseIterable {
    /// Lower bounds 50/60/70/80/90 % of maximum heart rate (the common watch default).
    case percentMax = "max"
    /// Karvonen: rest + 50/60/70/80/90 % of the heart-rate reserve (max - rest).
    case percentReserve = "hrr"
    /// Friel-style bounds relative to the lactate threshold: 68/83/94/100/106 % of LTHR
    /// (zones 1, 2, 3, 4, 5 lower bounds; 5a..5c folded into zone 5).
    case percentLTHR = "lthr"
}
