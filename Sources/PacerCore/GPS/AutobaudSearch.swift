/// Finds a serial GPS's baud rate: listen at each common rate in turn and keep the
/// first one that yields valid checksummed sentences. A wrong rate produces bytes
/// that never checksum, so it is abandoned after `garbageByteLimit` bytes or
/// `windowSeconds`, whichever comes first; a silent port cycles through the list.
public struct AutobaudSearch: Sendable {
    /// The order receivers ship in: NMEA's 4800 and the common 9600 first.
    public static let commonRates = [9600, 4800, 38400, 115_200, 57600, 19200, 230_400]

    public enum Decision: Equatable, Sendable {
        /// Keep listening at the current rate until this instant at most.
        case listen(until: MonotonicInstant)
        /// This rate yields valid sentences: keep it.
        case locked(baudRate: Int)
        /// Give up on the current rate and switch to this one.
        case tryRate(Int)
    }

    public let candidates: [Int]
    public let requiredValidSentences: Int
    public let garbageByteLimit: Int
    public let windowSeconds: Double
    public private(set) var index = 0
    public private(set) var rejectedRates = 0
    private var windowStart: MonotonicInstant?

    public init(candidates: [Int] = AutobaudSearch.commonRates, requiredValidSentences: Int = 2,
                garbageByteLimit: Int = 1024, windowSeconds: Double = 2.5) {
        precondition(!candidates.isEmpty, "autobaud needs at least one candidate rate")
        self.candidates = candidates
        self.requiredValidSentences = requiredValidSentences
        self.garbageByteLimit = garbageByteLimit
        self.windowSeconds = windowSeconds
    }

    /// The rate to listen at now.
    public var currentRate: Int { candidates[index] }

    /// Starts listening at `currentRate` (call after setting the port to it and flushing input).
    public mutating func beginWindow(at now: MonotonicInstant) { windowStart = now }

    /// What to do given what arrived since `beginWindow`: bytes read and sentences
    /// that passed their checksum.
    public mutating func observe(validSentences: Int, bytes: Int, at now: MonotonicInstant) -> Decision {
        let start = windowStart ?? now
        if windowStart == nil { windowStart = now }
        if validSentences >= requiredValidSentences { return .locked(baudRate: currentRate) }
        let deadline = start.advanced(bySeconds: windowSeconds)
        // Garbage with no valid sentence at all: a wrong rate, no need to wait out the window.
        let garbage = validSentences == 0 && bytes >= garbageByteLimit
        guard garbage || now >= deadline else { return .listen(until: deadline) }
        index = (index + 1) % candidates.count
        rejectedRates += 1
        windowStart = nil
        return .tryRate(currentRate)
    }
}
