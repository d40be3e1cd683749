/// ANT+ bike speed and cadence sensors, as BLE CSC readings (both use event times in 1/1024 s
/// and cumulative revolution counts, so the values pass through; the 16-bit wheel count is
/// widened to CSC's 32 bits by adding up its differences). Device type 121 (combined) has no
/// page number: cadence event time and count, speed event time and count. Types 122 (cadence)
/// and 123 (speed) send a page number with a toggle bit in byte 0, page-specific bytes 1-3
/// (read once the toggle was seen to flip: legacy sensors never flip it), and the event time
/// and count in bytes 4-7. A sensor at rest repeats itself; one reading a second is kept then,
/// as a BLE sensor keeps notifying.
struct ANTSpeedCadenceDecoder: ANTPageDecoder {
    enum Sensor: Sendable { case combined, cadence, speed }
    let sensor: Sensor
    private var toggle: UInt8?
    private var pagesValid = false
    private var wheel: (count: UInt16, total: UInt32)?
    private var last: (payload: [UInt8], at: MonotonicInstant)?

    init(_ sensor: Sensor) { self.sensor = sensor }

    mutating func decode(_ page: [UInt8], at instant: MonotonicInstant,
                         readings: inout [ANTReading], counters: inout ANTPageCounters) {
        var crank: CSCMeasurement.Revolutions?
        var wheelRevs: CSCMeasurement.Revolutions?
        switch sensor {
        case .combined:
            crank = .init(cumulative: UInt32(ANTPageField.uint16(page, 2)), lastEventTime1024: ANTPageField.uint16(page, 0))
            wheelRevs = .init(cumulative: widen(ANTPageField.uint16(page, 6)), lastEventTime1024: ANTPageField.uint16(page, 4))
        case .cadence, .speed:
            pageSpecific(page, readings: &readings, counters: &counters)
            let time = ANTPageField.uint16(page, 4)
            let count = ANTPageField.uint16(page, 6)
            if sensor == .cadence {
                crank = .init(cumulative: UInt32(count), lastEventTime1024: time)
            } else {
                wheelRevs = .init(cumulative: widen(count), lastEventTime1024: time)
            }
        }
        let payload = CSCMeasurement.encode(wheel: wheelRevs, crank: crank)
        if let last, last.payload == payload, ANTPageField.nanoseconds(from: last.at, to: instant) < 1_000_000_000 { return }
        last = (payload, instant)
        readings.append(ANTReading(characteristic: CSCMeasurement.characteristic, payload: payload))
    }

    /// Pages 0-5 of the separate sensors: 4 is battery status (byte 3 as common page 82's byte 7).
    private mutating func pageSpecific(_ page: [UInt8], readings: inout [ANTReading], counters: inout ANTPageCounters) {
        let t = page[0] & 0x80
        if let old = toggle, old != t { pagesValid = true }
        toggle = t
        guard pagesValid else { return }
        switch page[0] & 0x7F {
        case 0, 1, 2, 3, 5: break
        case 4: if let pct = ANTPageField.batteryPercent(status: page[3]) { readings.append(ANTPageField.battery(pct)) }
        default: counters[.unknownPages] += 1
        }
    }

    /// The 16-bit wheel count as a running 32-bit total.
    private mutating func widen(_ count: UInt16) -> UInt32 {
        let total = wheel.map { $0.total &+ UInt32(count &- $0.count) } ?? UInt32(count)
        wheel = (count, total)
        return total
    }

    mutating func forget() {
        last = nil
    }
}
