/// Merges the reports of one epoch (sentences with the same time of day) into one
/// `GNSSFix`, keeps the date across sentences (RMC, ZDA; midnight rollover as gpsd
/// does it: the day advances when the hour goes back), and emits each fix as soon
/// as its epoch is complete.
///
/// Completion is learnt like gpsd's cycle detector: the last timed sentence type seen
/// before the time of day changes ends the cycle; from then on a fix goes out when
/// that sentence arrives instead of waiting for the next epoch's first sentence.
public struct NMEAFixAssembler {
    /// The fields an epoch has gathered so far.
    struct Epoch {
        var timeOfDay: Int?
        var day: Int?
        var reported = false
        /// Reported because its cycle-ending sentence came: later untimed sentences belong to the next epoch.
        var ended = false
        /// Some sentence of the epoch stated validity (a fix or its absence).
        var stated = false
        var latitude: Double?
        var longitude: Double?
        var altitudeMSL: Double?
        var geoidSeparation: Double?
        var speed: Double?
        var track: Double?
        var hdop: Double?
        var vdop: Double?
        var pdop: Double?
        var positionSatellites: Int?
        var gsaSatellites: Int?
        var satellitesVisible: Int?
        var fixType: Int?
        var altitudeFix = false
        var latitudeError: Double?
        var longitudeError: Double?
        var altitudeError: Double?
        /// The position came from dead reckoning.
        var estimated = false

        /// What the last report of this epoch said (position, time of day, dated).
        var lastReport: (latitude: Double?, longitude: Double?, timeOfDay: Int?, dated: Bool)?

        var hasPosition: Bool { latitude != nil && longitude != nil }
        var lastReportIsCurrent: Bool {
            guard let p = lastReport else { return false }
            return p.latitude == latitude && p.longitude == longitude && p.timeOfDay == timeOfDay && p.dated == (day != nil)
        }
        var isMeaningful: Bool { timeOfDay != nil || stated || hasPosition }
    }

    private var epoch = Epoch()
    /// Untimed sentences that arrived after the current epoch was reported: they open the next one.
    private var upcoming = Epoch()
    /// Days since 1970-01-01 of the current UTC date, once a sentence has told it.
    public private(set) var day: Int?
    private var lastTimeOfDay: Int?
    private var cycle = NMEACycleDetector()
    public private(set) var fixesEmitted = 0
    /// Epochs with a position that never reached their cycle's end (not reported, as in gpsd).
    public private(set) var incompleteEpochs = 0

    /// False for a recorded log that says when it was made (gpsd's `# Date:` header):
    /// its dates are kept as they are instead of being corrected for the week rollover.
    public var correctsWeekRollover = true

    /// gpsd's GPS week-rollover correction: a receiver that reports a date before
    /// 2017-01-01 (when the 18th leap second came) has lost 1024 weeks; move it forward.
    static let rolloverThresholdDay = 17_167  // 2017-01-01
    static let rolloverDays = 7_168           // 1024 weeks

    public init() {}

    /// Merges one report; calls `emit` for every fix that becomes complete.
    public mutating func add(_ report: NMEAReport, emit: (GNSSFix) -> Void) {
        if report.forgetsTime {
            day = nil
            cycle.forgetReliability()
        }
        if let tod = report.timeOfDay {
            advanceDate(tod, report.day)
            if let current = epoch.timeOfDay, !NMEAFixAssembler.sameEpoch(current, tod) {
                closeEpoch()
                epoch = upcoming
                upcoming = Epoch()
            } else if epoch.timeOfDay == nil && epoch.ended {
                epoch = upcoming
                upcoming = Epoch()
            }
            epoch.timeOfDay = tod
            epoch.day = day
            merge(report, into: &epoch)
        } else if epoch.ended && !report.hasValidPosition {
            merge(report, into: &upcoming)
        } else {
            merge(report, into: &epoch)
        }
        let endsCycle = cycle.observe(report.type, latchedTime: report.latchesTime ? report.timeOfDay : nil)
        if endsCycle {
            epoch.ended = true
            reportEpoch(emit)
        } else if !cycle.isReliable && (report.hasValidPosition || report.latchesTime) {
            // Nothing says yet where an epoch ends: report at once whenever the position or the
            // time changes, as gpsd does (the same epoch may then go out more than once).
            reportEpoch(emit)
        }
    }

    /// Ends the stream. An epoch whose cycle never completed is dropped, as gpsd drops it,
    /// unless no cycle was ever learnt (then it is the best there is).
    public mutating func finish(emit: (GNSSFix) -> Void) {
        if !cycle.isReliable && !epoch.reported { reportEpoch(emit) }
        closeEpoch()
        epoch = Epoch()
        upcoming = Epoch()
    }

    /// Times of day within 10 ms belong to one epoch (gpsd's tolerance: some receivers stamp
    /// GLL at .295 and GGA at .30 for the same fix).
    static func sameEpoch(_ a: Int, _ b: Int) -> Bool { abs(a - b) <= 10 }

    private mutating func closeEpoch() {
        if !epoch.reported && epoch.hasPosition { incompleteEpochs += 1 }
    }

    /// Emits the epoch as merged so far, unless this exact fix (position, dated or not) already went out.
    private mutating func reportEpoch(_ emit: (GNSSFix) -> Void) {
        guard epoch.isMeaningful, !epoch.lastReportIsCurrent else { return }
        epoch.reported = true
        epoch.lastReport = (epoch.latitude, epoch.longitude, epoch.timeOfDay, epoch.day != nil)
        fixesEmitted += 1
        emit(NMEAFixAssembler.fix(from: epoch))
    }

    private mutating func advanceDate(_ tod: Int, _ reportedDay: Int?) {
        if let last = lastTimeOfDay, day != nil, tod / 3_600_000 < last / 3_600_000 {
            day! += 1
        }
        lastTimeOfDay = tod
        if var reportedDay {
            if correctsWeekRollover && reportedDay < NMEAFixAssembler.rolloverThresholdDay {
                reportedDay += NMEAFixAssembler.rolloverDays
            }
            day = reportedDay
        }
    }

    private func merge(_ r: NMEAReport, into e: inout Epoch) {
        if r.validity != .unstated { e.stated = true }
        if r.hasValidPosition {
            e.latitude = r.latitude
            e.longitude = r.longitude
            e.estimated = r.isEstimated
        }
        if let v = r.altitudeMSL { e.altitudeMSL = v }
        if let v = r.geoidSeparation { e.geoidSeparation = v }
        if let v = r.speed { e.speed = v }
        if let v = r.track { e.track = v }
        if let v = r.hdop { e.hdop = v }
        if let v = r.vdop { e.vdop = v }
        if let v = r.pdop { e.pdop = v }
        if r.hasAltitudeFix { e.altitudeFix = true }
        if let v = r.fixType { e.fixType = v }
        if let v = r.satellitesUsed {
            if r.type == .gsa { e.gsaSatellites = (e.gsaSatellites ?? 0) + v } else { e.positionSatellites = v }
        }
        if let v = r.satellitesVisible { e.satellitesVisible = (e.satellitesVisible ?? 0) + v }
        if let v = r.latitudeError { e.latitudeError = v }
        if let v = r.longitudeError { e.longitudeError = v }
        if let v = r.altitudeError { e.altitudeError = v }
    }

    static func fix(from e: Epoch) -> GNSSFix {
        var fix = GNSSFix()
        fix.timeOfDayMilliseconds = e.timeOfDay
        if let d = e.day, let tod = e.timeOfDay {
            fix.time = UTCTime(millisecondsSinceEpoch: Int64(d) * 86_400_000 + Int64(tod))
        }
        if e.hasPosition {
            fix.latitude = e.latitude
            fix.longitude = e.longitude
            switch e.fixType {
            case 3: fix.mode = .threeD
            case 2: fix.mode = .twoD
            default: fix.mode = e.altitudeFix ? .threeD : .twoD
            }
            if fix.mode == .threeD { fix.altitudeMSL = e.altitudeMSL }
            fix.geoidSeparation = e.geoidSeparation
            fix.speed = e.speed
            fix.track = e.track
            fix.isEstimated = e.estimated
        }
        fix.hdop = e.hdop
        fix.vdop = e.vdop
        fix.pdop = e.pdop
        fix.satellitesUsed = e.positionSatellites ?? e.gsaSatellites
        fix.satellitesVisible = e.satellitesVisible
        fix.latitudeError = e.latitudeError
        fix.longitudeError = e.longitudeError
        fix.altitudeError = e.altitudeError
        return fix
    }
}
