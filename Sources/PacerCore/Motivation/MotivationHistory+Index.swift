extension MotivationHistory {
    /// Every dated session of a history index, from its rows alone (no summary is decoded).
    public init(index: HistoryIndexReader, calendar: LocalCalendar) {
        var facts: [SessionFacts] = []
        facts.reserveCapacity(index.count)
        for i in 0..<index.count {
            let row = index.row(i)
            guard let start = row.start else { continue }
            facts.append(SessionFacts(id: row.id, start: start, activity: row.activity, distanceMeters: row.distance,
                                      movingSeconds: row.moving, elapsedSeconds: row.elapsed, steps: row.steps.map(Double.init),
                                      calories: row.calories, trimp: row.trimp, bestEfforts: row.bestEfforts))
        }
        self.init(calendar: calendar, sessions: facts)
    }
}
