/// Reads a Zwift workout (`.zwo`): `workout_file` with `name`, `sportType` and `workout`, whose
/// elements are the steps, in seconds and fractions of FTP:
///
/// - `SteadyState Duration Power` (or `PowerLow`/`PowerHigh`, a range);
/// - `Warmup`, `Ramp`, `Cooldown Duration PowerLow PowerHigh`: the power ramps from `PowerLow`
///   to `PowerHigh`, except that a cooldown always goes down (files write it both ways round);
/// - `IntervalsT Repeat OnDuration OffDuration OnPower OffPower` (or `PowerOnLow`...`High`):
///   a repeat of an on and an off step;
/// - `FreeRide Duration` and `MaxEffort Duration`: no target.
///
/// Text events and cadence inside the steps are left aside. An error names the step by its
/// number among the workout's elements and the element.
public enum ZWOWorkoutReader {
    public static func read(_ bytes: [UInt8]) throws(WorkoutError) -> Workout {
        var scanner = XMLScanner(bytes)
        var workout = Workout(name: "", format: "ZWO", items: [])
        var path: [String] = []
        var text = ""
        var stepNumber = 0
        do {
            while let event = try scanner.next() {
                switch event {
                case .start(let qualified):
                    let name = XMLScanner.localName(qualified)
                    path.append(name)
                    text = ""
                    if path.count == 1, name != "workout_file" {
                        throw WorkoutError("ZWO: the root element is <\(qualified)>, not <workout_file>")
                    }
                    guard path.count == 3, path[1] == "workout" else { continue }
                    stepNumber += 1
                    do throws(WorkoutError) {
                        workout.items += try items(name, Attributes(scanner.attributes))
                    } catch {
                        throw WorkoutError("ZWO: step \(stepNumber) (<\(qualified)> at byte \(scanner.tokenOffset)): \(error.message)")
                    }
                case .text:
                    if path.count == 2 { text += scanner.text() }
                case .end:
                    if path.count == 2, path[1] == "name" { workout.name = text.trimmedWorkoutText }
                    if path.count == 2, path[1] == "sportType" { workout.sport = text.trimmedWorkoutText }
                    path.removeLast()
                }
            }
        } catch let error as WorkoutError {
            throw error
        } catch {
            throw WorkoutError("ZWO: \(error)")
        }
        return try workout.checkedSize()
    }

    /// A step element's attributes, found whatever their case (`Duration`, `duration`).
    struct Attributes {
        let all: [XMLAttribute]
        init(_ all: [XMLAttribute]) { self.all = all }

        func text(_ name: String) -> String? {
            let wanted = name.lowercased()
            return all.first { $0.name.lowercased() == wanted }?.value
        }

        /// The attribute as a number; nil when absent, an error when it is there but no number.
        func number(_ name: String) throws(WorkoutError) -> Double? {
            guard let raw = text(name) else { return nil }
            guard let n = XMLNumber.parse(raw), n.isFinite else { throw WorkoutError("\(name)=\"\(raw)\" is not a number") }
            return n
        }

        func required(_ name: String) throws(WorkoutError) -> Double {
            guard let n = try number(name) else { throw WorkoutError("no \(name) attribute") }
            return n
        }

        /// `single` as a point, or `low` and `high` as a range; nil when none is there.
        func power(_ single: String, low: String, high: String) throws(WorkoutError) -> WorkoutTarget? {
            if let p = try number(single) { return WorkoutTarget(.power, .ftp, low: p, high: p) }
            guard let l = try number(low), let h = try number(high) else { return nil }
            return WorkoutTarget(.power, .ftp, low: l, high: h)
        }
    }

    static func items(_ element: String, _ a: Attributes) throws(WorkoutError) -> [WorkoutItem] {
        var steps: [WorkoutStep]
        switch element {
        case "SteadyState":
            steps = [WorkoutStep(.seconds(try a.required("Duration")), try a.power("Power", low: "PowerLow", high: "PowerHigh"))]
        case "Warmup", "Ramp", "Cooldown":
            var from = try a.required("PowerLow"), to = try a.required("PowerHigh")
            if element == "Cooldown" && from < to { swap(&from, &to) }
            let intensity: WorkoutIntensity = element == "Warmup" ? .warmup : element == "Cooldown" ? .cooldown : .active
            steps = [WorkoutStep(.seconds(try a.required("Duration")), WorkoutTarget(.power, .ftp, low: from, high: to, ramp: true), intensity: intensity)]
        case "FreeRide":
            steps = [WorkoutStep(.seconds(try a.required("Duration")))]
        case "MaxEffort":
            steps = [WorkoutStep(.seconds(try a.required("Duration")), intensity: .interval)]
        case "IntervalsT":
            let repeats = try a.required("Repeat")
            guard let count = repeats.roundedInt(), Double(count) == repeats, (1...1000).contains(count) else {
                throw WorkoutError("Repeat=\"\(a.text("Repeat") ?? "")\": 1 to 1000 whole repeats are allowed")
            }
            let on = WorkoutStep(.seconds(try a.required("OnDuration")), try a.power("OnPower", low: "PowerOnLow", high: "PowerOnHigh"), intensity: .interval)
            let off = WorkoutStep(.seconds(try a.required("OffDuration")), try a.power("OffPower", low: "PowerOffLow", high: "PowerOffHigh"),
                                  intensity: .recovery)
            for step in [on, off] { if let problem = step.problem { throw WorkoutError(problem) } }
            return [.repeated(count: count, [.step(on), .step(off)])]
        default:
            throw WorkoutError("not a workout element Pacer knows (SteadyState, Warmup, Ramp, Cooldown, IntervalsT, FreeRide, MaxEffort)")
        }
        for step in steps { if let problem = step.problem { throw WorkoutError(problem) } }
        return steps.map { .step($0) }
    }
}
