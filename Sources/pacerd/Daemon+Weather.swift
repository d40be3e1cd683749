#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// `[weather] attach`: when the recorder asks (`fetchWeather`, once a session at its first fix),
/// `pacerctl weather --attach` runs as a child — pacerd links no network code and its loop never
/// waits on one — and what it prints is handed back to the recorder, which journals it. A
/// failed, slow or garbled fetch is logged and dropped: recording never depends on it.
extension Daemon {
    /// The child fetching the weather for session `session`, and what it printed so far.
    final class WeatherFetch {
        let child: ChildProcess
        let session: String?
        var output: [UInt8] = []
        init(child: ChildProcess, session: String?) { self.child = child; self.session = session }
    }

    func fetchWeather(latitude: Double, longitude: Double) {
        guard weatherFetch == nil else { return }
        var arguments = [Daemon.siblingProgram("pacerctl"), "weather", "--attach",
                         "--near", "\(latitude),\(longitude)"]
        if let config = options.configPath { arguments += ["--config", config] }
        let fetch: WeatherFetch
        do { fetch = WeatherFetch(child: try ChildProcess(arguments: arguments), session: journal?.sessionID) } catch {
            DaemonLog.warning("weather: cannot run pacerctl: \(error); the session records without it")
            return
        }
        weatherFetch = fetch
        loop.watch(fetch.child.outputDescriptor, .read) { [unowned self] _ in readWeather(fetch) }
    }

    private func readWeather(_ fetch: WeatherFetch) {
        let chunk: [UInt8]?
        do { chunk = try fetch.child.read() } catch {
            finishWeather(fetch, failure: "reading pacerctl: \(error)")
            return
        }
        guard let chunk else { return finishWeather(fetch, failure: nil) }
        fetch.output += chunk
        if fetch.output.count > SessionWeather.maximumDetailLength {
            finishWeather(fetch, failure: "pacerctl printed more than \(SessionWeather.maximumDetailLength) bytes")
        }
    }

    /// The child closed its output (or misbehaved): reap it, and journal what it found.
    private func finishWeather(_ fetch: WeatherFetch, failure: String?) {
        loop.unwatch(fetch.child.outputDescriptor)
        weatherFetch = nil
        if failure != nil { kill(fetch.child.pid, SIGKILL) }
        let status = (try? fetch.child.waitForExit()) ?? -1
        if let failure { return DaemonLog.warning("weather: \(failure)") }
        guard status == 0 else {
            return DaemonLog.warning("weather: pacerctl weather exited with status \(status); the session records without it")
        }
        guard let weather = SessionWeather(detail: String(decoding: fetch.output, as: UTF8.self)) else {
            return DaemonLog.warning("weather: pacerctl printed no report the journal can keep")
        }
        guard fetch.session == journal?.sessionID, recorder.isActive else { return }
        handle(recorder.attachWeather(weather, at: Daemon.now()))
        DaemonLog.info("weather: \(weather.station) attached to session \(fetch.session ?? "unsaved")")
    }

    /// A program installed beside pacerd (the same build or package), else found on PATH.
    static func siblingProgram(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return name }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return name }
        let sibling = String(path[...slash]) + name
        return access(sibling, X_OK) == 0 ? sibling : name
    }
}
