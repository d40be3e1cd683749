/// What the recorder read and set aside, so a bad receiver or sensor is visible: the COUNTERS
/// reply's `recorder` group, in this order.
public enum RecorderCounter: String, CounterKey {
    case fixes
    /// Fixes that cannot be placed in time: no time at all, a date outside the recordable
    /// years, or only a time of day before any date was seen (`SessionRecorder.date(of:)`).
    case fixesWithoutTime
    /// Fixes whose time repeated or went back a little (a duplicate epoch): not integrated.
    case fixesOutOfOrder
    /// Receiver time jumped against the monotonic clock: the timeline was re-anchored there.
    case timeJumps
    case notifications
    /// Notifications whose payload did not decode (counted, skipped).
    case malformedNotifications
    /// Notifications that decoded to a value no body or machine produces (counted, passed over).
    case implausibleNotifications
    case otherCharacteristics
}

/// Running counts of what the recorder read and set aside.
public typealias RecorderCounters = Counts<RecorderCounter>
