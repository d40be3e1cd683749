/// ANT+ heart rate monitor pages (device type 120). Every page ends with the same four bytes:
/// the last heart beat's event time (1/1024 s, wrapping every 64 s), a beat count (wrapping at
/// 256) and the computed heart rate (0: none). Byte 0 is the page number with a toggle bit (bit
/// 7) that flips every fourth message; a legacy strap never flips it and its bytes 0-3 mean
/// nothing, so bytes 1-3 are read only once the toggle has been seen to flip.
/// RR intervals come from consecutive beats' event times. When beats were missed between two
/// received pages (the count moved by more than one), only page 4's previous beat time can
/// still give the last interval; the others are lost, never guessed.
struct ANTHeartRateDecoder: ANTPageDecoder {
    private var toggle: UInt8?
    private var pagesValid = false
    private var previousBeat: (time: UInt16, count: UInt8)?
    private var lastEmitted: MonotonicInstant?

    /// RR intervals a human heart has (20-250 bpm), in 1/1024 s.
    static let plausibleRR: ClosedRange<UInt16> = 246...3072

    mutating func decode(_ page: [UInt8], at instant: MonotonicInstant,
                         readings: inout [ANTReading], counters: inout ANTPageCounters) {
        let t = page[0] & 0x80
        if let old = toggle, old != t { pagesValid = true }
        toggle = t
        let beatTime = ANTPageField.uint16(page, 4)
        let count = page[6]
        let bpm = page[7]
        var previousBeatTime: UInt16?
        if pagesValid {
            switch page[0] & 0x7F {
            case 0, 1, 2, 3, 5, 6: break
            case 4: previousBeatTime = ANTPageField.uint16(page, 2)
            case 7:
                // Byte 1: level in percent (0xFF: not sent); byte 3 bits 4-6: the status word.
                if page[1] <= 100 {
                    readings.append(ANTPageField.battery(page[1]))
                } else if let pct = ANTPageField.batteryPercent(status: page[3]) {
                    readings.append(ANTPageField.battery(pct))
                }
            default: counters[.unknownPages] += 1
            }
        }
        var rr: [UInt16] = []
        var newBeat = true
        if let prev = previousBeat {
            let beats = count &- prev.count
            newBeat = beats != 0
            var interval: UInt16?
            if beats == 1 { interval = beatTime &- prev.time }
            if beats >= 1, let before = previousBeatTime { interval = beatTime &- before }
            if let i = interval, Self.plausibleRR.contains(i) { rr = [i] }
        }
        previousBeat = (beatTime, count)
        guard bpm != 0, HeartRateReading.isPlausible(Int(bpm)) else {
            counters[.implausible] += 1
            return
        }
        // A strap broadcasts at 4 Hz; a BLE strap notifies about once a second and on each beat.
        if !newBeat, let last = lastEmitted, ANTPageField.nanoseconds(from: last, to: instant) < 1_000_000_000 { return }
        lastEmitted = instant
        readings.append(ANTReading(characteristic: HeartRateMeasurement.characteristic,
                                   payload: HeartRateMeasurement.encode(beatsPerMinute: Int(bpm), contact: .notSupported,
                                                                        rrIntervals1024: rr)))
    }

    mutating func forget() {
        previousBeat = nil
        lastEmitted = nil
    }
}
