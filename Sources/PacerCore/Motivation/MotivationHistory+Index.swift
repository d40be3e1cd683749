extension MotivationHistory {
    /// Every dated session of a history index (TRIMP comes from the summaries, so the index
    /// must have been read with them; without, load sees no stress).
    public init(index: HistoryIndexReader, calendar: LocalCalendar) {
        var facts: [SessionFacts] = []
        facts.reserveCapacity(index.count)
        for i in 0..<index.count {
            let row = index.row(i)
            guard let start = row.start else { continue }
            facts.append(SessionFacts(id: row.id, start: start, activity: row.activity, distanceMeters: row.distance,
                                      movingSeconds: row.moving, elapsedSeconds: row.elapsed, steps: row.steps.map(Double.init),
                                      calories: row.calories, trimp: index.summary(i)?.trimp, bestEfforts: row.bestEfforts))
        }
        self.init(calendar: calendar, sessions: facts)
    }
}
