/// ANT+ bicycle power pages (device type 11), as BLE Cycling Power readings.
///
/// 0x10 standard power: event count (byte 1, wrapping at 256), pedal balance, instantaneous
/// cadence (byte 3, rpm, 0xFF none), accumulated power (bytes 4-5, W, wrapping at 65536),
/// instantaneous power (6-7). The power shown is the average over the events since the last
/// page, Δaccumulated / Δevents, which survives missed pages; the first page gives the
/// instantaneous value. 0x12 crank torque and 0x11 wheel torque: event count, ticks, cadence,
/// accumulated period (4-5, 1/2048 s) and accumulated torque (6-7, 1/32 N·m), all wrapping;
/// power = 2π × torque × revolutions / time = 128π × Δtorque / Δperiod. A page whose event
/// count did not move is a coasting meter repeating itself: no reading, so the engine's
/// silence rule counts 0 W, as for a BLE meter that stops notifying.
struct ANTBikePowerDecoder: ANTPageDecoder {
    private var standard: (events: UInt8, accumulated: UInt16)?
    private var torque: [UInt8: (events: UInt8, period: UInt16, torque: UInt16)] = [:]
    private var crank = ANTVirtualCrank()
    private var sawCrankTorque = false
    /// Crank revolutions and event time (1/2048 s, wider than 16 bits) from 0x12.
    private var crankTotal: (revolutions: UInt32, time2048: UInt32) = (0, 0)
    private var wheelTotal: (revolutions: UInt32, time2048: UInt16) = (0, 0)

    static let standardPage: UInt8 = 0x10
    static let wheelTorquePage: UInt8 = 0x11
    static let crankTorquePage: UInt8 = 0x12

    mutating func decode(_ page: [UInt8], at instant: MonotonicInstant,
                         readings: inout [ANTReading], counters: inout ANTPageCounters) {
        switch page[0] {
        case Self.standardPage: standardPower(page, at: instant, readings: &readings, counters: &counters)
        case Self.wheelTorquePage, Self.crankTorquePage: torquePage(page, at: instant, readings: &readings, counters: &counters)
        // Calibration, get/set parameters, torque effectiveness, crank torque frequency: not used here.
        case 0x01, 0x02, 0x03, 0x13, 0x20: break
        default: if !ANTCommonPage.decode(page, readings: &readings) { counters[.unknownPages] += 1 }
        }
    }

    private mutating func standardPower(_ page: [UInt8], at instant: MonotonicInstant,
                                        readings: inout [ANTReading], counters: inout ANTPageCounters) {
        let events = page[1]
        let accumulated = ANTPageField.uint16(page, 4)
        var watts = Int(ANTPageField.uint16(page, 6))
        if let prev = standard {
            let n = events &- prev.events
            guard n != 0 else { return }
            watts = Int(accumulated &- prev.accumulated) / Int(n)
        }
        standard = (events, accumulated)
        // A crank-torque meter's cadence comes with its 0x12 pages; don't make up a second count.
        let revolutions = sawCrankTorque || page[3] == 0xFF ? nil : crank.advance(rpm: page[3], at: instant)
        emit(watts: watts, crank: revolutions, readings: &readings, counters: &counters)
    }

    private mutating func torquePage(_ page: [UInt8], at instant: MonotonicInstant,
                                     readings: inout [ANTReading], counters: inout ANTPageCounters) {
        let kind = page[0]
        let now = (events: page[1], period: ANTPageField.uint16(page, 4), torque: ANTPageField.uint16(page, 6))
        let prev = torque[kind]
        torque[kind] = now
        if kind == Self.crankTorquePage { sawCrankTorque = true }
        guard let prev else { return }
        let n = now.events &- prev.events
        let period = now.period &- prev.period
        guard n != 0, period != 0 else { return }
        let watts = (128 * Double.pi * Double(now.torque &- prev.torque) / Double(period)).clampedInt()
        if kind == Self.crankTorquePage {
            crankTotal.revolutions &+= UInt32(n)
            crankTotal.time2048 &+= UInt32(period)
            let revolutions = CSCMeasurement.Revolutions(cumulative: crankTotal.revolutions,
                                                         lastEventTime1024: UInt16(truncatingIfNeeded: crankTotal.time2048 / 2))
            emit(watts: watts, crank: revolutions, readings: &readings, counters: &counters)
        } else {
            wheelTotal.revolutions &+= UInt32(n)
            wheelTotal.time2048 &+= period
            let wheel = CyclingPowerMeasurement.WheelRevolutions(cumulative: wheelTotal.revolutions,
                                                                 lastEventTime2048: wheelTotal.time2048)
            let revolutions = page[3] == 0xFF || sawCrankTorque ? nil : crank.advance(rpm: page[3], at: instant)
            emit(watts: watts, crank: revolutions, wheel: wheel, readings: &readings, counters: &counters)
        }
    }

    private func emit(watts: Int, crank: CSCMeasurement.Revolutions?, wheel: CyclingPowerMeasurement.WheelRevolutions? = nil,
                      readings: inout [ANTReading], counters: inout ANTPageCounters) {
        guard PowerTracker.isPlausible(watts), watts >= 0 else {
            counters[.implausible] += 1
            return
        }
        readings.append(ANTReading(characteristic: CyclingPowerMeasurement.characteristic,
                                   payload: CyclingPowerMeasurement.encode(watts: Double(watts), crank: crank, wheel: wheel)))
    }

    mutating func forget() {
        standard = nil
        torque = [:]
        crank = ANTVirtualCrank()
    }
}
