import PacerCore
import PacerSystem

/// The workout run: `[workout] file` at start, `{"cmd":"workout"}` any time. A file that cannot
/// be read or is no workout gets one error (naming the file and the step) and leaves the
/// workout being run as it was; a skip with nothing to skip is an ERROR.
extension Daemon {
    func startWorkout() {
        guard let path = settings.workout.file else { return }
        let workout: Workout
        do { workout = try WorkoutLoader.load(path) } catch {
            return DaemonLog.error("[workout] file: \(error): running no workout")
        }
        handle(recorder.run(workout, at: Daemon.now()))
    }

    /// Loads, skips a step of, or clears the workout; the reply is the ACK or the ERROR.
    func workoutReply(_ request: ClientRequest, _ action: ClientRequest.WorkoutAction, from client: SocketClient) -> [UInt8] {
        switch action {
        case .load(let file):
            let workout: Workout
            do { workout = try WorkoutLoader.load(file) } catch {
                DaemonLog.notice("workout refused: \(error)")
                return ServerReply.error(message: "\(error)").line
            }
            handle(recorder.run(workout, at: Daemon.now()))
            DaemonLog.info("'workout' by uid \(client.peer.uid): running \(workout.name)")
        case .skip:
            do { handle(try recorder.skipWorkoutStep(at: Daemon.now())) } catch {
                return ServerReply.error(message: "workout skip: \(error)").line
            }
            DaemonLog.info("'workout skip' by uid \(client.peer.uid)")
        case .clear:
            handle(recorder.run(nil, at: Daemon.now()))
            DaemonLog.info("'workout clear' by uid \(client.peer.uid)")
        }
        broadcastState()
        return ServerReply.ack(command: request.command, session: journal?.sessionID).line
    }
}
