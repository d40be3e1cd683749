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
        var emitted = false
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

        var hasPosition: Bool { latitude != nil && longitude != nil }
        var isMeaningful: Bool { timeOfDay != nil || stated || hasPosition }
    }

    private var epoch = Epoch()
    /// Untimed sentences that arrived after the current epoch was emitted: they open the next one.
    private var upcoming = Epoch()
    /// Days since 1970-01-01 of the current UTC date, once a sentence has told it.
    public private(set) var day: Int?
    private var lastTimeOfDay: Int?
    private var lastTimedType: NMEASentenceType?
    /// The sentence type learnt to end each cycle.
    public private(set) var cycleEnder: NMEASentenceType?
    public private(set) var fixesEmitted = 0

    public init() {}

    /// Merges one report; calls `emit` for every fix that becomes complete.
    public mutating func add(_ report: NMEAReport, emit: (GNSSFix) -> Void) {
        guard let tod = report.timeOfDay else {
            // An untimed sentence with a position of its own (old GLL) closes an untimed epoch holding one.
            if report.hasValidPosition && !epoch.emitted && epoch.timeOfDay == nil && epoch.hasPosition {
                close(emit)
                epoch = Epoch()
            }
            if epoch.emitted { merge(report, into: &upcoming) } else { merge(report, into: &epoch) }
            return
        }
        advanceDate(tod, report.day)
        if let current = epoch.timeOfDay, current != tod {
            if let last = lastTimedType { cycleEnder = last }
            close(emit)
            epoch = upcoming
            upcoming = Epoch()
        } else if epoch.timeOfDay == nil && epoch.emitted {
            epoch = upcoming
            upcoming = Epoch()
        }
        epoch.timeOfDay = tod
        epoch.day = day
        merge(report, into: &epoch)
        lastTimedType = report.type
        if report.type == cycleEnder && !epoch.emitted {
            close(emit)
        }
    }

    /// Emits the epoch still open at the end of the stream.
    public mutating func finish(emit: (GNSSFix) -> Void) {
        close(emit)
        if upcoming.hasPosition {
            epoch = upcoming
            close(emit)
        }
        epoch = Epoch()
        epoch.emitted = true
        upcoming = Epoch()
    }

    private mutating func advanceDate(_ tod: Int, _ reportedDay: Int?) {
        if let last = lastTimeOfDay, day != nil, tod / 3_600_000 < last / 3_600_000 {
            day! += 1
        }
        lastTimeOfDay = tod
        if let reportedDay { day = reportedDay }
    }

    private mutating func close(_ emit: (GNSSFix) -> Void) {
        guard !epoch.emitted else { return }
        epoch.emitted = true
        guard epoch.isMeaningful else { return }
        fixesEmitted += 1
        emit(NMEAFixAssembler.fix(from: epoch))
    }

    private func merge(_ r: NMEAReport, into e: inout Epoch) {
        if r.validity != .unstated { e.stated = true }
        if r.hasValidPosition {
            e.latitude = r.latitude
            e.longitude = r.longitude
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
