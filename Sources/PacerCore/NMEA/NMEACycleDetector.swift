/// Learns which sentence ends a receiver's reporting cycle, the way gpsd's NMEA driver
/// does, so that a fix can go out the moment its epoch is complete.
///
/// The rule (gpsd's): when a sentence carrying a time of day arrives with a different
/// time than the previous one, the previous timed sentence ended a cycle; its type is
/// remembered as a cycle ender and from then on reports when it arrives. GLL continues
/// a cycle rather than starting one (split-cycle receivers send it a second late), so a
/// GLL never makes the sentence before it an ender. Until one ender is known the cycle
/// is "unreliable" and the assembler reports on every new position instead.
public struct NMEACycleDetector: Sendable {
    private var enders: UInt32 = 0
    private var lastTimedType: NMEASentenceType?
    private var lastTime: Int?
    /// False until an ender is learnt, and again after the receiver lost track of time.
    public private(set) var isReliable = false

    public init() {}

    /// True when `type` has been learnt to end a cycle.
    public func endsCycle(_ type: NMEASentenceType) -> Bool { enders & (1 << UInt32(type.rawValue)) != 0 }

    /// Feeds one decoded sentence; returns true when it ends a cycle (report now).
    public mutating func observe(_ type: NMEASentenceType, latchedTime: Int?) -> Bool {
        let continues = type == .gll
        if let time = latchedTime {
            if let last = lastTime, !NMEAFixAssembler.sameEpoch(last, time), let previous = lastTimedType,
               !endsCycle(previous), !continues {
                enders |= 1 << UInt32(previous.rawValue)
                isReliable = true
            }
            lastTime = time
            defer { lastTimedType = type }
            return endsCycle(type)
        }
        if continues, let previous = lastTimedType {
            // An untimed GLL moves the end of the cycle to itself.
            enders &= ~(1 << UInt32(previous.rawValue))
            enders |= 1 << UInt32(type.rawValue)
            isReliable = true
            return true
        }
        return false
    }

    /// The receiver lost its time (an all-empty no-fix sentence): report every sentence again until relearnt.
    public mutating func forgetReliability() { isReliable = false }
}
