/// Writes a workout as a Zwift `.zwo` file that `ZWOWorkoutReader` (and Zwift) reads back: a
/// repeat of an on and an off step becomes `IntervalsT`, other repeats are unrolled (Zwift has
/// no general repeat), a ramp becomes `Warmup`, `Cooldown` or `Ramp` by its intensity, a step
/// without a target `FreeRide` (`MaxEffort` when it is an interval). Zwift knows only timed steps in fractions of FTP: anything
/// else is refused, naming the step.
public enum ZWOWorkoutWriter {
    public static func write(_ workout: Workout) throws(WorkoutError) -> [UInt8] {
        var x = XMLText(capacity: 4096)
        x.raw("<workout_file>\n  ")
        x.element("name", workout.name)
        x.raw("\n  ")
        x.element("sportType", workout.sport.isEmpty ? "bike" : workout.sport)
        x.raw("\n  <workout>\n")
        var number = 0
        for item in workout.items { try write(item, into: &x, number: &number) }
        x.raw("  </workout>\n</workout_file>\n")
        return x.bytes
    }

    static func write(_ item: WorkoutItem, into x: inout XMLText, number: inout Int) throws(WorkoutError) {
        switch item {
        case .repeated(let count, let items):
            if items.count == 2, case .step(let on) = items[0], case .step(let off) = items[1],
               let onPower = try power(on, number + 1), let offPower = try power(off, number + 2), !onPower.ramp, !offPower.ramp {
                number += 2
                x.raw("    <IntervalsT Repeat=\"\(count)\" OnDuration=\"\(try seconds(on, number - 1))\" OffDuration=\"\(try seconds(off, number))\"")
                x.raw(" " + attributes(onPower, single: "OnPower", low: "PowerOnLow", high: "PowerOnHigh"))
                x.raw(" " + attributes(offPower, single: "OffPower", low: "PowerOffLow", high: "PowerOffHigh") + "/>\n")
                return
            }
            for _ in 0..<count {
                for inner in items { try write(inner, into: &x, number: &number) }
            }
        case .step(let step):
            number += 1
            let duration = try seconds(step, number)
            guard let target = try power(step, number) else {
                x.raw("    <\(step.intensity == .interval ? "MaxEffort" : "FreeRide") Duration=\"\(duration)\"/>\n")
                return
            }
            if target.ramp {
                let element = step.intensity == .warmup ? "Warmup" : step.intensity == .cooldown ? "Cooldown" : "Ramp"
                x.raw("    <\(element) Duration=\"\(duration)\" PowerLow=\"\(WorkoutTextWriter.number(target.low))\" PowerHigh=\"\(WorkoutTextWriter.number(target.high))\"/>\n")
            } else {
                x.raw("    <SteadyState Duration=\"\(duration)\" " + attributes(target, single: "Power", low: "PowerLow", high: "PowerHigh") + "/>\n")
            }
        }
    }

    static func attributes(_ t: WorkoutTarget, single: String, low: String, high: String) -> String {
        let l = WorkoutTextWriter.number(t.low), h = WorkoutTextWriter.number(t.high)
        return l == h ? "\(single)=\"\(l)\"" : "\(low)=\"\(l)\" \(high)=\"\(h)\""
    }

    static func seconds(_ step: WorkoutStep, _ number: Int) throws(WorkoutError) -> String {
        guard case .seconds(let s) = step.duration else { throw WorkoutError("ZWO: step \(number): Zwift steps are timed; this one is \(WorkoutTextWriter.duration(step.duration))") }
        return WorkoutTextWriter.number(s)
    }

    /// The step's power in fractions of FTP; nil without a target.
    static func power(_ step: WorkoutStep, _ number: Int) throws(WorkoutError) -> WorkoutTarget? {
        guard let t = step.target else { return nil }
        guard t.quantity == .power, t.scale == .ftp else {
            throw WorkoutError("ZWO: step \(number): Zwift targets are power in % of FTP; this one is \(WorkoutTextWriter.target(t))")
        }
        return t
    }
}
