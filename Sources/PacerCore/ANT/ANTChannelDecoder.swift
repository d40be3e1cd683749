/// One open channel's decoding: the pages it receives become BLE-form readings through its
/// profile's decoder, with the state that decoder keeps between pages. After a silence longer
/// than `gapSeconds` the previous page is forgotten: the event counters may have wrapped unseen
/// (a power meter's event count wraps in a minute, event times in 32 or 64 s).
public struct ANTChannelDecoder: Sendable {
    public static let gapSeconds: Int64 = 10

    public let profile: ANTDeviceProfile
    public private(set) var counters = ANTPageCounters()
    private var decoder: any ANTPageDecoder
    private var lastPage: MonotonicInstant?

    public init(profile: ANTDeviceProfile) {
        self.profile = profile
        decoder = profile.makeDecoder()
    }

    /// Decodes one 8-byte data page received at `instant`; other lengths are not pages (nothing).
    public mutating func decode(page: [UInt8], at instant: MonotonicInstant) -> [ANTReading] {
        guard page.count == 8 else { return [] }
        if let last = lastPage, ANTPageField.nanoseconds(from: last, to: instant) > Self.gapSeconds * 1_000_000_000 {
            counters[.gaps] += 1
            decoder.forget()
        }
        lastPage = instant
        counters[.pages] += 1
        var readings: [ANTReading] = []
        decoder.decode(page, at: instant, readings: &readings, counters: &counters)
        counters[.readings] += readings.count
        return readings
    }

    /// Forgets the previous page, as after a gap: the channel lost its device and found one again.
    public mutating func restart() {
        decoder.forget()
        lastPage = nil
    }
}
