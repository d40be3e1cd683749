/// The JSON of `pacerctl goals|habits|awards|load --json`, which the daemon's replies to the
/// requests of the same names carry too (both through `MotivationReport`; STATE's `goals` is
/// the `goals` object). Units are those of the config (km, minutes).
public enum MotivationJSON {
    /// `{"date","week_start","daily":[{"goal","target","done","met"}],"weekly":[...],"streak_days","longest_streak_days"}`
    public static func goals(_ r: GoalReport, weekStart: WeekStart, into w: inout JSONWriter) {
        w.beginObject()
        w.key("date"); w.value(LocalCalendar.dateString(day: r.day))
        w.key("week_start"); w.value(LocalCalendar.dateString(day: weekStart.firstDay(ofWeekHolding: r.day)))
        for (name, list) in [("daily", r.daily), ("weekly", r.weekly)] {
            w.key(name)
            w.beginArray()
            for p in list {
                w.beginObject()
                w.key("goal"); w.value(p.goal.name)
                w.key("target"); w.value(p.goal.target, decimals: 3)
                w.key("done"); w.value(p.done, decimals: 3)
                w.key("met"); w.value(p.met)
                w.endObject()
            }
            w.endArray()
        }
        w.key("streak_days"); w.value(r.streakDays)
        w.key("longest_streak_days"); w.value(r.longestStreakDays)
        w.endObject()
    }

    /// `[{"name","schedule","done_today","current_streak","longest_streak","last_done","completion_30d_pct"}]`;
    /// streaks of a `weekly:N` habit are in weeks.
    public static func habits(_ reports: [HabitReport], into w: inout JSONWriter) {
        w.beginArray()
        for r in reports {
            w.beginObject()
            w.key("name"); w.value(r.habit.name)
            w.key("schedule"); w.value(r.habit.scheduleText)
            w.key("done_today"); w.value(r.doneToday)
            w.key("current_streak"); w.value(r.currentStreak)
            w.key("longest_streak"); w.value(r.longestStreak)
            w.key("last_done"); w.value(r.lastDone.map(LocalCalendar.dateString(day:)))
            w.key("completion_30d_pct"); w.value(r.completion30DaysPercent, decimals: 1)
            w.endObject()
        }
        w.endArray()
    }

    /// Earned awards `{"id","title","family","earned_at","session","value"}` in the order they
    /// were earned, then per family the next one with `earned_at` and `session` null, `value`
    /// the progress so far and `target`.
    public static func awards(_ ledger: AwardLedger, into w: inout JSONWriter) {
        /// An earned award and a next one begin alike.
        func begin(id: String, title: String, family: String) {
            w.beginObject()
            w.key("id"); w.value(id)
            w.key("title"); w.value(title)
            w.key("family"); w.value(family)
        }
        w.beginArray()
        for a in ledger.earned {
            begin(id: a.id, title: a.title, family: a.family)
            w.key("earned_at"); w.value(a.earnedAt)
            w.key("session"); w.value(a.session.description)
            w.key("value"); w.value(a.value, decimals: 3)
            w.endObject()
        }
        for n in ledger.next {
            begin(id: n.id, title: n.title, family: n.family)
            w.key("earned_at"); w.null()
            w.key("session"); w.null()
            w.key("value"); w.value(n.progress, decimals: 3)
            w.key("target"); w.value(n.target, decimals: 3)
            w.endObject()
        }
        w.endArray()
    }

    /// `[{"date","stress","ctl","atl","tsb"}]`
    public static func load(_ days: ArraySlice<TrainingLoad.Day>, into w: inout JSONWriter) {
        w.beginArray()
        for d in days {
            w.beginObject()
            w.key("date"); w.value(LocalCalendar.dateString(day: d.day))
            w.key("stress"); w.value(d.stress, decimals: 1)
            w.key("ctl"); w.value(d.ctl, decimals: 2)
            w.key("atl"); w.value(d.atl, decimals: 2)
            w.key("tsb"); w.value(d.tsb, decimals: 2)
            w.endObject()
        }
        w.endArray()
    }
}
