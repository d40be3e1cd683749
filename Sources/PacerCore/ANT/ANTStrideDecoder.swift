/// ANT+ stride-based speed and distance monitors (device type 124, footpods), as BLE RSC readings.
///
/// Page 1: time (bytes 1-2, 1/200 s and s), distance (byte 3 m and the high nibble of byte 4 in
/// 1/16 m, wrapping at 256 m), speed (low nibble of byte 4 m/s and byte 5 in 1/256 m/s), stride
/// count (byte 6, wrapping at 256), update latency. Page 2: cadence (byte 3 strides/min and the
/// high nibble of byte 4 in 1/16), speed as in page 1, status. A stride is two steps (the pod
/// counts one foot's footfalls); RSC counts steps, so the cadence is doubled. The distance's
/// differences add up to RSC's total distance. A reading goes out for each page 1 whose time
/// moved, or once a second while it stands still.
struct ANTStrideDecoder: ANTPageDecoder {
    private var speed256: UInt16 = 0
    private var stridesPerMinute16: Int?
    /// Distance in 1/16 m since the first page, and the last page's raw 12-bit field.
    private var distanceTotal16: UInt32 = 0
    private var distanceRaw: UInt16?
    private var time200: UInt16?
    private var lastEmitted: MonotonicInstant?

    mutating func decode(_ page: [UInt8], at instant: MonotonicInstant,
                         readings: inout [ANTReading], counters: inout ANTPageCounters) {
        switch page[0] {
        case 1:
            speed256 = Self.speed(page)
            let raw = UInt16(page[3]) << 4 | UInt16(page[4] >> 4)
            if let before = distanceRaw { distanceTotal16 &+= UInt32((raw &- before) & 0x0FFF) }
            distanceRaw = raw
            let time = UInt16(page[2]) &* 200 &+ UInt16(page[1])
            let moved = time200 != time
            time200 = time
            if !moved, let last = lastEmitted, ANTPageField.nanoseconds(from: last, to: instant) < 1_000_000_000 { return }
            lastEmitted = instant
            let steps = stridesPerMinute16.map { Double($0) * 2 / 16 }
            readings.append(ANTReading(characteristic: RSCMeasurement.characteristic,
                                       payload: RSCMeasurement.encode(speedMetresPerSecond: Double(speed256) / 256,
                                                                      cadencePerMinute: steps,
                                                                      totalDistanceMetres: Double(distanceTotal16) / 16)))
        case 2:
            speed256 = Self.speed(page)
            stridesPerMinute16 = Int(page[3]) * 16 + Int(page[4] >> 4)
        // Calories (3) and the summary pages (16, 22): not used here.
        case 3, 16, 22: break
        default: if !ANTCommonPage.decode(page, readings: &readings) { counters[.unknownPages] += 1 }
        }
    }

    /// Speed from the low nibble of byte 4 (m/s) and byte 5 (1/256 m/s), in 1/256 m/s.
    private static func speed(_ page: [UInt8]) -> UInt16 { UInt16(page[4] & 0x0F) << 8 | UInt16(page[5]) }

    mutating func forget() {
        distanceRaw = nil
        time200 = nil
        lastEmitted = nil
    }
}
