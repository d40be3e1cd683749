import PacerCore
import PacerSystem

/// `[weather] attach`: when the recorder asks (`fetchWeather`, once a session at its first fix),
/// `pacerctl weather --attach` runs as a child — pacerd links no network code and its loop never
/// waits on one — and what it prints is handed back to the recorder, which journals it. A
/// failed, slow or garbled fetch is logged and dropped: recording never depends on it.
extension Daemon {
    func fetchWeather(latitude: Double, longitude: Double) {
        guard weatherFetch == nil else { return }
        var arguments = [RunningExecutable.sibling("pacerctl"), "weather", "--attach",
                         "--near", "\(latitude),\(longitude)"]
        if let config = options.configPath { arguments += ["--config", config] }
        let session = journal?.sessionID
        do {
            weatherFetch = try WatchedChildProcess(arguments: arguments, loop: loop,
                                                   keepingOutputUpTo: SessionWeather.maximumDetailLength) { [unowned self] exit in
                finishWeather(exit, session: session)
            }
        } catch {
            DaemonLog.warning("weather: cannot run pacerctl: \(error); the session records without it")
        }
    }

    /// The child ended (or misbehaved and was killed): journal what it found for `session`.
    private func finishWeather(_ exit: WatchedChildProcess.Exit, session: String?) {
        weatherFetch = nil
        if let failure = exit.failure { return DaemonLog.warning("weather: \(failure)") }
        guard exit.status == 0 else {
            return DaemonLog.warning("weather: pacerctl weather exited with status \(exit.status); the session records without it")
        }
        guard let weather = SessionWeather(detail: String(decoding: exit.output, as: UTF8.self)) else {
            return DaemonLog.warning("weather: pacerctl printed no report the journal can keep")
        }
        guard session == journal?.sessionID, recorder.isActive else { return }
        handle(recorder.attachWeather(weather, at: Daemon.now()))
        DaemonLog.info("weather: \(weather.station) attached to session \(session ?? "unsaved")")
    }
}
