/// The set log through the one session core: a set is checked, numbered, given its heart rate
/// and rest (`StrengthSessionLog`) and becomes a `set` event in the journal — for the daemon's
/// socket and any other driver alike.
extension SessionRecorder {
    /// Logs a set in the strength session being recorded; throws (and journals nothing) for bad
    /// input, while idle, or in a session of another activity.
    mutating func logSet(_ entry: StrengthSetEntry, at input: InputInstant,
                         emit: (RecorderOutput) -> Void) throws(StrengthSetError) -> StrengthSet {
        let checked = try entry.validated()
        try requireStrengthSession()
        let set = strengthLog.log(checked, at: commandTime(at: input, emit: emit))
        emit(.journal(.event(set.event)))
        return set
    }

    /// Removes the session's last set with a `set_undo` event; returns the number it removed.
    mutating func undoSet(at input: InputInstant, emit: (RecorderOutput) -> Void) throws(StrengthSetError) -> Int {
        try requireStrengthSession()
        guard let number = strengthLog.undo() else { throw StrengthSetError("no set to undo in this session") }
        emit(.journal(.event(StrengthSet.undoEvent(number: number, time: commandTime(at: input, emit: emit)))))
        return number
    }

    private func requireStrengthSession() throws(StrengthSetError) {
        guard engine.phase.isActive else {
            throw StrengthSetError("no session is being recorded: start one with 'pacerctl start strength'")
        }
        guard engine.activity == .strength else {
            throw StrengthSetError("sets are logged in a strength session, not in a \(engine.activity.rawValue) session")
        }
    }
}
