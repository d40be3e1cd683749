/// Which radio feeds a sensor kind when both look for it (`KIND = auto` and `[sensors] ant`):
/// most straps and many power meters send on ANT+ and BLE at once, and without a choice every
/// beat would arrive twice, its RR intervals doubled, its power averaged with itself. The
/// first radio heard for a kind keeps it while its values keep coming; once it has been silent
/// for `handoverSeconds`, the other radio's next value takes the kind over. Values that carry
/// no kind (battery levels, a trainer's answers) always pass.
public struct SensorRadioChoice: Sendable {
    public typealias Transport = LiveSensorState.Transport

    /// Longer than any sensor's gap between two values (ANT+ 4 Hz, BLE 1 Hz), shorter than a
    /// gap worth a hole in the recording.
    public static let handoverSeconds = 5.0

    public enum Verdict: Equatable, Sendable {
        case accept
        /// Accepted, and the kind now comes from this radio (`from`: the one that fell silent, nil at first).
        case takeOver(SensorKind, from: Transport?)
        /// The kind comes from another radio: dropped.
        case drop
    }

    private var owners: [SensorKind: (transport: Transport, lastAt: MonotonicInstant)] = [:]
    /// Values dropped per kind because the other radio feeds it.
    public private(set) var dropped: [SensorKind: Int] = [:]

    public init() {}

    /// Judges one value of `characteristic` that arrived on `transport` at `instant`.
    public mutating func judge(characteristic: UInt16, from transport: Transport, at instant: MonotonicInstant) -> Verdict {
        guard let kind = SensorProfile.measuring(characteristic)?.kind else { return .accept }
        if let owner = owners[kind] {
            if owner.transport == transport {
                owners[kind] = (transport, instant)
                return .accept
            }
            guard instant.seconds(since: owner.lastAt) >= SensorRadioChoice.handoverSeconds else {
                dropped[kind, default: 0] += 1
                return .drop
            }
            owners[kind] = (transport, instant)
            return .takeOver(kind, from: owner.transport)
        }
        owners[kind] = (transport, instant)
        return .takeOver(kind, from: nil)
    }
}
