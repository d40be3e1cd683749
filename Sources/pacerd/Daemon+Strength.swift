import PacerCore
import PacerSystem

/// The set log over the socket: the recorder decides, the journal records, the client gets the
/// set back (number, heart rate, rest) or an ERROR that says why nothing was recorded.
extension Daemon {
    func strengthLine(_ request: ClientRequest) -> [UInt8] {
        do {
            switch request {
            case .set(let entry):
                let (set, outputs) = try recorder.logSet(entry, at: Daemon.now())
                handle(outputs)
                DaemonLog.info("set \(set.number): \(set.exercise) \(StrengthSet.kilograms(set.weightKilograms)) kg x \(set.reps)")
                return StrengthSetReply.line(set, session: journal?.sessionID)
            case .setUndo:
                let (number, outputs) = try recorder.undoSet(at: Daemon.now())
                handle(outputs)
                DaemonLog.info("set \(number) undone")
                return StrengthSetReply.undoLine(number: number, session: journal?.sessionID)
            default:
                return ServerReply.error(message: "not a set request").line
            }
        } catch {
            return ServerReply.error(message: error.description).line
        }
    }
}
