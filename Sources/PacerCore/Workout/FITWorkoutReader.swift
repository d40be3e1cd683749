/// Reads a FIT workout file (file type 5, as Garmin Connect, TrainingPeaks and intervals.icu
/// send them to a device): the `workout` message's name and sport, its `workout_step` messages
/// as steps, a "repeat until steps complete" step as a repeat of the steps it points back to.
/// Every value is checked before it is used; an error names the step as `step N` counted
/// from 1 in the file's order (Garmin Connect's numbering) and its message_index.
public enum FITWorkoutReader {
    enum Global {
        static let fileID: UInt16 = 0, workout: UInt16 = 26, workoutStep: UInt16 = 27
    }

    /// FIT `wkt_step_duration` numbers a step can end on here; the others are named in the refusal.
    static let unsupportedDurations: [Int64: String] = [
        2: "hr_less_than", 3: "hr_greater_than", 4: "calories", 7: "repeat_until_time", 8: "repeat_until_distance",
        9: "repeat_until_calories", 10: "repeat_until_hr_less_than", 11: "repeat_until_hr_greater_than",
        12: "repeat_until_power_less_than", 13: "repeat_until_power_greater_than", 14: "power_less_than", 15: "power_greater_than",
        16: "training_peaks_tss", 29: "reps",
    ]

    public static func read(_ bytes: [UInt8]) throws(WorkoutError) -> Workout {
        var workout = Workout(name: "", format: "FIT", items: [])
        /// The entries so far, each with the file's index of its first step (a repeat points at it).
        var built: [(first: Int, item: WorkoutItem)] = []
        var declaredSteps: Int64?
        var stepIndex = 0
        do {
            var reader = try FITFileReader(bytes)
            var first = true
            while let m = try reader.next() {
                if first {
                    first = false
                    guard m.global == Global.fileID, m.integer(0) == 5 else {
                        let said = m.global == Global.fileID ? m.integer(0).map { "file type \($0)" } ?? "no file type" : "no file_id first"
                        throw WorkoutError("FIT: \(said): a workout is FIT file type 5")
                    }
                }
                switch m.global {
                case Global.workout:
                    workout.name = m.string(8) ?? workout.name
                    workout.sport = m.integer(4).map(sportName) ?? ""
                    declaredSteps = m.integer(6)
                case Global.workoutStep:
                    let index = stepIndex
                    stepIndex += 1
                    do throws(WorkoutError) {
                        try take(m, index: index, into: &built)
                    } catch {
                        let messageIndex = m.integer(254).map { ", message_index \($0)" } ?? ""
                        let name = m.string(0).map { " \"\($0)\"" } ?? ""
                        throw WorkoutError("FIT: step \(index + 1)\(name) (workout_step \(index)\(messageIndex)): \(error.message)")
                    }
                default:
                    break
                }
            }
        } catch let error as WorkoutError {
            throw error
        } catch let error as CourseError {
            throw WorkoutError(error.message)
        } catch {
            throw WorkoutError("FIT: \(error)")
        }
        if let declaredSteps, declaredSteps != Int64(stepIndex) {
            throw WorkoutError("FIT: the workout message says \(declaredSteps) steps (num_valid_steps); the file holds \(stepIndex) workout_step messages")
        }
        workout.items = built.map(\.item)
        return try workout.checkedSize()
    }

    /// Takes one workout_step into the entries: a step, or a repeat of the entries it points back to.
    static func take(_ m: FITDataMessage, index: Int, into built: inout [(first: Int, item: WorkoutItem)]) throws(WorkoutError) {
        let durationType = m.integer(1) ?? 5
        if durationType == 6 {
            guard let from = m.integer(2), from >= 0, from < Int64(index) else {
                throw WorkoutError("a repeat must point back to an earlier step, not to \(m.integer(2).map(String.init) ?? "none")")
            }
            guard let count = m.integer(4), (1...1000).contains(count) else {
                throw WorkoutError("a repeat of \(m.integer(4).map(String.init) ?? "no") times: 1 to 1000 are allowed")
            }
            var inside: [WorkoutItem] = []
            var insideFirst: Int64?
            while let last = built.last, Int64(last.first) >= from {
                inside.insert(last.item, at: 0)
                insideFirst = Int64(last.first)
                built.removeLast()
            }
            guard insideFirst == from else {
                throw WorkoutError("the repeat from step \(from + 1) starts inside another repeat")
            }
            let item = WorkoutItem.repeated(count: Int(count), inside)
            guard item.nesting <= Workout.maximumNesting else { throw WorkoutError("repeats nested deeper than \(Workout.maximumNesting) levels") }
            built.append((Int(from), item))
            return
        }
        let step = WorkoutStep(try duration(m, type: durationType), try target(m), intensity: .fit(m.integer(7)), name: m.string(0) ?? "")
        if let problem = step.problem { throw WorkoutError(problem) }
        built.append((index, .step(step)))
    }

    static func duration(_ m: FITDataMessage, type: Int64) throws(WorkoutError) -> WorkoutDuration {
        switch type {
        case 0, 28:
            guard let ms = m.integer(2) else { throw WorkoutError("a time step without its duration_value") }
            return .seconds(Double(ms) / 1000)
        case 1:
            guard let cm = m.integer(2) else { throw WorkoutError("a distance step without its duration_value") }
            return .meters(Double(cm) / 100)
        case 5:
            return .open
        default:
            throw WorkoutError("duration_type \(type)\(unsupportedDurations[type].map { " (\($0))" } ?? ""): only time, distance, open and repeats are run")
        }
    }

    /// The step's target: a zone (`target_value`), or a custom range in the type's units where
    /// heart rate above 100 is bpm + 100 (else % of maximum) and power above 1000 is W + 1000
    /// (else % of FTP).
    static func target(_ m: FITDataMessage) throws(WorkoutError) -> WorkoutTarget? {
        guard let type = m.integer(3) else { return nil }
        let zone = m.integer(4) ?? 0
        let low = m.integer(5), high = m.integer(6)
        let quantity: WorkoutTarget.Quantity
        switch type {
        case 2: return nil
        case 0, 12: quantity = .speed
        case 1, 13: quantity = .heartRate
        case 3: quantity = .cadence
        case 4, 7, 8, 9, 10: quantity = .power
        default: throw WorkoutError("target_type \(type) (grade, resistance or swim stroke): only speed, heart rate, cadence and power are run")
        }
        if zone != 0 {
            guard quantity == .heartRate || quantity == .power else { throw WorkoutError("a \(quantity.rawValue) zone (\(zone)): only heart-rate and power zones are known") }
            return WorkoutTarget(quantity, .zone, low: Double(zone), high: Double(zone))
        }
        guard let low, let high else { throw WorkoutError("a \(quantity.rawValue) target with neither a zone nor custom_target_value_low and _high") }
        switch quantity {
        case .speed: return WorkoutTarget(.speed, .absolute, low: Double(low) / 1000, high: Double(high) / 1000)
        case .cadence: return WorkoutTarget(.cadence, .absolute, low: Double(low), high: Double(high))
        case .heartRate: return try offsetRange(low, high, offset: 100, unit: "bpm", .heartRate, relative: .maxHeartRate)
        case .power: return try offsetRange(low, high, offset: 1000, unit: "W", .power, relative: .ftp)
        }
    }

    /// FIT's custom heart rate and power: values up to `offset` are percent, above it absolute
    /// plus `offset`; a range with one end of each is refused.
    static func offsetRange(_ low: Int64, _ high: Int64, offset: Int64, unit: String, _ quantity: WorkoutTarget.Quantity,
                            relative: WorkoutTarget.Scale) throws(WorkoutError) -> WorkoutTarget {
        switch (low > offset, high > offset) {
        case (true, true): return WorkoutTarget(quantity, .absolute, low: Double(low - offset), high: Double(high - offset))
        case (false, false): return WorkoutTarget(quantity, relative, low: Double(low) / 100, high: Double(high) / 100)
        default: throw WorkoutError("custom target \(low)-\(high) mixes % (up to \(offset)) and \(unit) (\(unit) + \(offset))")
        }
    }

    static func sportName(_ value: Int64) -> String {
        switch value { case 1: "running"; case 2: "cycling"; case 0: "generic"; default: "sport \(value)" }
    }
}
