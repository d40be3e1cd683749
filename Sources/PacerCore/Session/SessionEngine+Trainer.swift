/// Driving a smart trainer: its Indoor Bike Data feeds power, cadence and speed like any bike
/// sensor; its answers go to the `TrainerController`, and each second's sample hands the
/// controller the target (the workout's power range, else the course's grade). The writes and
/// state changes come out as `.trainer` outputs on the session's timeline, so a replay of the
/// BLE log decides the same ones as pacerd did.
extension SessionEngine {
    /// A value from the trainer (0x2AD2, or its control point, power range or status).
    mutating func handle(trainer measurement: GATTMeasurement, at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        guard phase.isActive else { return }
        emitSamples(before: instant, emit: emit)
        var actions = trainer.seen(at: instant)
        switch measurement {
        case .indoorBike(let m):
            let update = bike.trainer(m, at: instant, recording: phase == .recording)
            announce(actions, at: instant, emit: emit)
            apply(update, at: instant, emit: emit)
            return
        case .trainerResponse(let r): actions += trainer.answer(r, at: instant)
        case .trainerPowerRange(let r): trainer.powerRange(r)
        case .trainerStatus(let s): actions += trainer.status(s, at: instant)
        default: break
        }
        announce(actions, at: instant, emit: emit)
        emitSamples(upTo: instant, emit: emit)
    }

    /// Each second's sample: the target now, to the controller.
    mutating func driveTrainer(at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        guard trainer.state != .waiting else { return }
        var target = TrainerController.Target(grade: trainerGrade)
        if let status = workoutRunner?.status, !status.finished, status.target?.quantity == .power {
            target.power = status.range
            target.step = status.step
        }
        announce(trainer.decide(target, at: instant), at: instant, emit: emit)
    }

    /// The course's grade under the rider: where the GPS puts them on it, or indoors (never found
    /// on it, no fix) at the distance ridden, as trainer apps ride a course; a loop starts again.
    private var trainerGrade: Double? {
        guard let matcher = courseMatcher else { return nil }
        if let grade = matcher.grade { return grade }
        let length = matcher.course.length
        guard let profile = matcher.course.profile, length > 0, distance.isFinite else { return nil }
        return profile.grade(at: matcher.course.isLoop ? distance.truncatingRemainder(dividingBy: length) : min(distance, length))
    }

    /// STATE's `trainer` object: nil until a trainer is heard in the session.
    public func liveTrainer() -> LiveTrainer? {
        trainer.state == .waiting ? nil : trainer.live
    }

    private func announce(_ actions: [TrainerAction], at instant: MonotonicInstant, emit: (SessionOutput) -> Void) {
        for action in actions { emit(.trainer(time: utc(instant), action)) }
    }
}
