#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// Sends finished sessions to the `[upload]` services, one exchange at a time and never
/// blocking the loop: `UploadPlanner` decides each request and reads each answer, curl sends it
/// (`CurlTransport.start`), the state goes to its file in the spool before the next step. A
/// session's FIT and summary come from the outbox exporter (`uploads/ID.fit`, `ID.json`); they
/// are read only when a request carries them. What is pending survives restarts and power cuts.
final class Uploader {
    private let loop: EventLoop
    private let spool: UploadSpool
    private let exporter: OutboxExporter
    private let transport = CurlTransport()
    private var settings = UploadSettings()
    /// The credentials of each service that has usable ones (Strava's access token lives here).
    private var credentials: [UploadService: UploadCredentials] = [:]
    /// Services configured but unusable now, with why: said in UPLOADS and logged once.
    private(set) var problems: [UploadsReport.Problem] = []
    /// Every state in the spool, by file name.
    private var states: [String: UploadState] = [:]
    private var running: CurlExchange?
    private var timer: EventLoop.TimerID?

    init(loop: EventLoop, journalDirectory: String, exporter: OutboxExporter) {
        self.loop = loop
        self.exporter = exporter
        spool = UploadSpool(journalDirectory: journalDirectory)
        let (found, damaged) = spool.states()
        for d in damaged { DaemonLog.error("upload: state file \(d) (left as it is, not used)") }
        for s in found { states[s.fileName] = s }
        let waiting = found.filter { !$0.isSettled }.count
        if waiting > 0 { DaemonLog.notice("upload: \(waiting) uploads still to do") }
        exporter.onWritten = { [unowned self] job in
            if spool.files(job.sessionID).contains(job) { pump() }
        }
    }

    /// Takes the `[upload]` settings (at start and on reload): reads each service's secret
    /// files, refusing those others can read.
    func configure(_ settings: UploadSettings) {
        self.settings = settings
        credentials = [:]
        problems = []
        for service in settings.services {
            do {
                credentials[service] = try settings.credentials(service) { try SecretFile.read($0) }
            } catch {
                problems.append(.init(service: service.name, message: "\(error)"))
                DaemonLog.error("upload: \(service.title) is off: \(error)")
            }
        }
        pump()
    }

    /// A session ended: an upload owed to each configured service, and its files to the spool.
    func sessionEnded(id: String) {
        queue(id: id, services: settings.services, now: Clocks.wall())
    }

    /// `upload ID [--service S]`: sends again now, whatever the state (a failed upload after
    /// the credentials were mended, or a session recorded before the service was configured).
    /// The error when there is nothing to send (`known`: the journal has the session).
    func retry(id: String, service: String?, known: Bool) -> String? {
        let wanted = settings.services.filter { service == nil || $0.name == service }
        guard !wanted.isEmpty else {
            return service.map { "\($0) is not configured in [upload]" } ?? "no upload service is configured in [upload]"
        }
        guard known else { return "no session \(id) in the journal" }
        let now = Clocks.wall()
        for s in wanted { states[UploadState.new(sessionID: id, service: s, now: now).fileName] = nil }
        queue(id: id, services: wanted, now: now)
        return nil
    }

    var report: UploadsReport {
        UploadsReport(uploads: states.keys.sorted().compactMap { states[$0] }, problems: problems)
    }

    /// At shutdown: an exchange under way is dropped; its state says pending, so it is sent
    /// again at the next start (a duplicate to the service, which it recognises).
    func finish() {
        running?.cancel()
    }

    private func queue(id: String, services: [UploadService], now: UTCTime) {
        guard !services.isEmpty else { return }
        do { try spool.create() } catch {
            return DaemonLog.error("upload: cannot queue session \(id): \(error)")
        }
        for service in services {
            let state = UploadState.new(sessionID: id, service: service, now: now)
            guard states[state.fileName] == nil else { continue }
            save(state)
            DaemonLog.info("upload: session \(id) queued for \(service.title)")
        }
        // The files are written off the loop; the uploads start as they arrive.
        for job in spool.files(id) { exporter.owe(job) }
        pump()
    }

    /// Starts the next exchange that is due, or sets a timer for the first one that will be.
    private func pump() {
        guard running == nil else { return }
        if let timer { loop.cancel(timer) }
        timer = nil
        let now = Clocks.wall()
        var wake: UTCTime?
        for name in states.keys.sorted() {
            guard let state = states[name], !state.isSettled, let credentials = credentials[state.service] else { continue }
            var job = UploadJob(fit: [], summaryJSON: [], credentials: credentials, baseURL: settings.url(state.service))
            job.timing.firstRetryMilliseconds = settings.firstRetryMilliseconds
            switch UploadPlanner.next(state, job: job, now: now) {
            case .nothing: continue
            case let .wait(until): wake = min(wake ?? until, until)
            case let .send(step, request):
                guard step.role == .send else { return start(step, request, state, job, now) }
                // The request carries the session's files: read them now, and plan again with them.
                guard let full = files(for: state, job) else { continue }
                guard case let .send(_, request) = UploadPlanner.next(state, job: full, now: now) else { continue }
                return start(step, request, state, full, now)
            }
        }
        if let wake {
            let seconds = Double(max(0, wake.milliseconds(since: now))) / 1000
            timer = loop.schedule(after: min(seconds, 3600)) { [unowned self] in timer = nil; pump() }
        }
    }

    /// The job with the session's FIT and summary, or nil while they are not written yet (they
    /// are owed to the exporter, which says when they are).
    private func files(for state: UploadState, _ job: UploadJob) -> UploadJob? {
        let id = state.sessionID
        var full = job
        do {
            guard let fit = try spool.read(spool.path(id, .fit), limit: 256 << 20),
                  let summary = try spool.read(spool.path(id, .json), limit: 1 << 20) else {
                for job in spool.files(id) { exporter.owe(job) }
                return nil
            }
            full.fit = fit
            full.summaryJSON = summary
        } catch {
            DaemonLog.error("upload: session \(id): \(error)")
            return nil
        }
        return full
    }

    private func start(_ step: UploadStep, _ request: HTTPRequest, _ state: UploadState, _ job: UploadJob, _ now: UTCTime) {
        DaemonLog.info("upload: session \(state.sessionID) to \(state.service.title): \(step.rawValue)")
        running = transport.start(request, on: loop) { [unowned self] exchange in
            running = nil
            finished(exchange, step, state, job)
        }
    }

    private func finished(_ exchange: HTTPExchange, _ step: UploadStep, _ state: UploadState, _ job: UploadJob) {
        let outcome = UploadPlanner.apply(exchange, of: step, to: state, job: job, now: Clocks.wall())
        // Strava's new refresh token first: the old one may already be revoked.
        if let token = outcome.newRefreshToken, let path = settings.stravaRefreshTokenFile {
            do { try AtomicFile.write(Array((token.revealed + "\n").utf8), to: path, mode: 0o600) } catch {
                let message = "cannot write Strava's new refresh token to \(path) (\(error)): after a restart, authorize Pacer again"
                problems.append(.init(service: state.service.name, message: message))
                DaemonLog.error("upload: " + message)
            }
        }
        if let c = outcome.credentials { credentials[state.service] = c }
        if outcome.state != state {
            save(outcome.state)
            let log = outcome.state.isSettled ? DaemonLog.notice : DaemonLog.info
            log("upload: session \(state.sessionID) to \(state.service.title): \(outcome.state.summary)")
        }
        pump()
    }

    private func save(_ state: UploadState) {
        states[state.fileName] = state
        do { try spool.write(state) } catch {
            DaemonLog.error("upload: cannot save \(state.fileName): \(error) (kept in memory)")
        }
    }
}
