#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// The running daemon: owns the event loop and everything on it. Requests, source events and
/// timers all arrive here on the loop's one thread; decisions are delegated to PacerCore.
final class Daemon {
    let loop = EventLoop()
    let options: DaemonOptions
    var settings: PacerConfig
    let signals: SignalReceiver
    let notifier: SystemdNotifier
    var server: SocketServer!
    var listenFD: Int32 = -1
    /// Set when pacerd created the socket file (and so removes it on exit).
    var ownedSocketPath: String?
    var policy: AccessPolicy
    var gps: LiveGPSState
    var sensors: [LiveSensorState] = []
    var stateWriter = JSONWriter(capacity: 1024)
    /// When the last STATE went to the watchers: the tick adds one only if no fix has lately.
    var lastStateBroadcast: MonotonicInstant?
    var exitStatus: Int32 = 0
    /// The session core, shared with `pacerctl replay`: every session decision is made there.
    var recorder: SessionRecorder
    /// GPS and sensor connection alerts (heart-rate alerts are the recorder's: `RecorderOutput.alert`).
    var alerts: AlertMonitor
    /// Applies the recorder's journal entries (nil until the journal is open).
    var journal: SessionJournalRecorder?
    var lastJournalError: String?
    /// The config file's text, kept with each session (replay with `--config` writes the same).
    var configText: String
    /// The SESSIONS reply while the history (motivation's, kept current as sessions end) holds.
    var sessionsReply: SharedReply?
    /// The session's BLE log while one records with `[sensors] record_log`.
    var sensorLog: SensorLogFile?
    var gpsSource: GPSSource?
    var sensorWakeup: WakeupPipe?
    var sensorThread: SystemThread?
    var sensorInbox: LoopInbox<(BlueZClientEvent, MonotonicInstant)>?
    /// What the core decided to write to the smart trainer, for the BlueZ thread (Daemon+Trainer.swift).
    let trainerWrites = GATTWriteQueue()
    var antSource: ANTStickSource?
    /// Which radio feeds each sensor kind when BLE and ANT+ both look for it (Daemon+Sensors.swift).
    var radioChoice = SensorRadioChoice()
    /// A Linux IIO pressure sensor read on the loop's timer (Daemon+Barometer.swift).
    var iioBarometer: IIOPressureSensor?
    var iioBarometerTimer: EventLoop.TimerID?
    /// Goals, habits, awards: history and live decisions (Daemon+Goals.swift).
    var motivation: MotivationMonitor?
    /// The `[weather] attach` fetch under way (Daemon+Weather.swift).
    var weatherFetch: WatchedChildProcess?
    /// `[gpsd_compat]` listener and `[export]` outbox (#18), nil when off.
    var gpsdCompat: GPSDCompatService?
    var exporter: OutboxExporter?
    /// `[upload]`: sessions sent to Strava, intervals.icu, a webhook (Daemon+Upload.swift).
    var uploader: Uploader?
    /// `[report] dir` (Daemon+Report.swift), made on the first stop.
    var reporter: ReportRegenerator?
    /// `[broadcast]`: pacerd as a BLE sensor (Daemon+Broadcast.swift), nil when off.
    var sensorBroadcaster: SensorBroadcaster?

    init(options: DaemonOptions) throws {
        self.options = options
        // Signals first: threads started later inherit the blocked mask.
        signals = try SignalReceiver()
        (settings, configText) = try DaemonSettings.load(options: options)
        notifier = SystemdNotifier(environment: DaemonSettings.environment)
        policy = AccessPolicy(daemonUID: geteuid(), controlGroupID: nil, controlGroupName: settings.socketGroup,
                              watchPublic: settings.watchPublic)
        gps = LiveGPSState(source: settings.gpsSource)
        recorder = SessionRecorder(settings: .init(config: settings, activity: settings.unattended.activity ?? .run,
                                                   unattended: settings.unattended))
        alerts = AlertMonitor(settings: settings.alerts)
    }

    func run() throws -> Int32 {
        startExports()
        startUploads()
        try openJournal()
        try openSocket()
        server = SocketServer(listening: listenFD, loop: loop)
        server.onConnect = { [unowned self] client in
            server.send(ServerReply.currentVersion.line, to: client)
        }
        server.onLine = { [unowned self] client, line in handle(line, from: client) }
        server.needsDatabaseGroups = { [unowned self] peer in policy.needsDatabaseGroups(peer) }
        server.onDisconnect = { client, reason in
            DaemonLog.log(.debug, "client \(client.id) (pid \(client.peer.pid)) gone: \(reason)")
        }
        loop.watch(signals.fd, .read) { [unowned self] _ in
            for signo in signals.drain() { handleSignal(signo) }
        }
        // Housekeeping, and clients' requests, ride on the receiver's epochs when they come at
        // 4 Hz or faster: a quarter second at most, and half of the wake-ups at 10 Hz.
        loop.deferralWindow = 0.25
        loop.schedule(after: 1, repeating: 1, slack: 0.25) { [unowned self] in tick() }
        if let interval = notifier.watchdogInterval {
            loop.schedule(after: interval, repeating: interval, slack: interval / 4) { [unowned self] in notifier.notify("WATCHDOG=1") }
        }
        try startGPSDCompat()
        try startGPS()
        try startSensors()
        startANT()
        try startSensorBroadcast()
        startBarometer()
        startTerrain()
        startCourse()
        startWorkout()
        DaemonLog.info("pacerd \(PacerVersion.release) listening on \(ownedSocketPath ?? "an inherited socket"), GPS \(settings.gpsSource)")
        notifier.notify("READY=1\nSTATUS=\(statusLine())")
        try loop.run()
        shutdown()
        return exitStatus
    }

    private func openSocket() throws {
        let inherited = SocketActivation.inheritedDescriptors(environment: DaemonSettings.environment)
        if let fd = inherited.first {
            listenFD = try UnixListeningSocket.adopt(fd)
            DaemonLog.info("using the socket passed by the service manager (fd \(fd))")
        }
        let groupID = GroupDatabase.groupID(named: settings.socketGroup)
        policy.controlGroupID = groupID
        if groupID == nil {
            DaemonLog.warning("group '\(settings.socketGroup)' does not exist: control is limited to root and uid \(geteuid())")
        }
        guard listenFD < 0 else { return }
        let mode = settings.watchPublic ? settings.socketMode | 0o006 : settings.socketMode
        listenFD = try UnixListeningSocket.bind(path: settings.socketPath, mode: mode, groupID: groupID)
        ownedSocketPath = settings.socketPath
    }

    // MARK: requests

    private func handle(_ framed: FramedRequestLine, from client: SocketClient) {
        let request: ClientRequest
        switch framed {
        case .oversized:
            server.send(ServerReply.error(message: "request too long (limit \(RequestLineFramer.defaultMaximumLength) bytes)").line, to: client)
            return
        case .line(let bytes):
            do { request = try ClientRequest(line: bytes) } catch {
                server.send(ServerReply.error(message: error.message).line, to: client)
                return
            }
        }
        if let denial = policy.denial(of: request, from: client.peer) {
            DaemonLog.notice("denied '\(request.command)' to uid \(client.peer.uid) pid \(client.peer.pid)")
            server.send(ServerReply.error(message: denial).line, to: client)
            return
        }
        switch request {
        case .status:
            sendState(to: client)
        case .watch(let enable):
            client.watching = enable
            server.send(ServerReply.ack(command: "watch", session: nil).line, to: client)
            if enable { sendState(to: client) }
        case .start(let activity):
            reply(to: client, request, command(.start(activity)))
        case .pause: reply(to: client, request, command(.pause))
        case .resume: reply(to: client, request, command(.resume))
        case .lap: reply(to: client, request, command(.lap))
        case .stop: reply(to: client, request, command(.stop))
        case .sessions:
            server.send(sessionsLine(), to: client)
        case .counters:
            let report = CountersReport(gps: gpsSource?.counters ?? GPSCounters(), recorder: recorder.counters,
                                        filter: recorder.engine.filter.counters)
            server.send(report.line, to: client)
        case .goals, .habits, .awards, .load: server.send(motivationLine(request, time: recorder.time(at: Daemon.now())), to: client)
        case .set, .setUndo: server.send(strengthLine(request), to: client)
        case .course(let file): server.send(courseReply(request, file: file, from: client), to: client)
        case .workout(let action): server.send(workoutReply(request, action, from: client), to: client)
        case .uploads, .upload: server.send(uploadReply(request, from: client), to: client)
        }
    }

    private func reply(to client: SocketClient, _ request: ClientRequest, _ result: Result<String?, SessionCommandError>) {
        switch result {
        case .success(let id):
            DaemonLog.info("'\(request.command)' by uid \(client.peer.uid)" + (id.map { ", session \($0)" } ?? ""))
            server.send(ServerReply.ack(command: request.command, session: id).line, to: client)
            broadcastState()
        case .failure(let error):
            server.send(ServerReply.error(message: error.description).line, to: client)
        }
    }

    // MARK: state

    /// Writes the current STATE into `stateWriter`, whose buffer is kept from one STATE to the
    /// next: the text is sent from it (`withBytes`), not copied into an array first; only what a
    /// client cannot take at once (its queue, a reply held for its other requests) is copied.
    private func writeState() {
        stateWriter.reset()
        let now = Daemon.now()
        let live = liveSession(at: now)
        var state = LiveState(time: recorder.time(at: now), session: live, gps: gps, sensors: sensors)
        state.goals = liveGoals(live, time: recorder.time(at: now))
        state.course = recorder.liveCourse
        state.workout = recorder.liveWorkout
        state.trainer = recorder.liveTrainer
        state.write(into: &stateWriter)
    }

    private func sendState(to client: SocketClient) {
        guard let server else { return }
        writeState()
        stateWriter.withBytes { server.send($0, to: client) }
    }

    /// Sends the current STATE to every watcher.
    func broadcastState() {
        guard let server, server.clients.values.contains(where: \.watching) else { return }
        writeState()
        stateWriter.withBytes { line in server.broadcast(line) { $0.watching } }
        lastStateBroadcast = Clocks.monotonic()
    }

    func broadcast(_ event: LiveEvent) {
        guard let server else { return }
        server.broadcast(event.line) { $0.watching }
    }

    private func tick() {
        let now = Daemon.now()
        handle(recorder.tick(at: now))
        flushSensorLog()
        tickMotivation(now)
        // Watchers get a STATE for every fix and, without fixes, one a second from here. The
        // tick rides on an epoch's wake-up, just after that fix's STATE: a second copy of it
        // would cost a send to every watcher, one in eleven of them at 10 Hz.
        if lastStateBroadcast.map({ now.monotonic.seconds(since: $0) >= 0.5 }) ?? true { broadcastState() }
        tickSensorBroadcast(now)
    }

    func statusLine() -> String {
        "GPS \(gps.state.rawValue), \(server?.clients.count ?? 0) clients"
    }

    // MARK: signals and shutdown

    private func handleSignal(_ signo: Int32) {
        switch signo {
        case SIGHUP:
            notifier.notify("RELOADING=1")
            do {
                let before = settings
                (settings, configText) = try DaemonSettings.load(options: options)
                policy.watchPublic = settings.watchPublic
                motivation?.settings = settings.motivation
                if settings.broadcast != before.broadcast { restartSensorBroadcast() }
                if settings.altitude != before.altitude { restartBarometer() }
                if settings.altitude.demDirectory != before.altitude.demDirectory { startTerrain() }
                if settings.antStick != before.antStick || settings.antDeviceNumbers != before.antDeviceNumbers { restartANT() }
                if settings.upload != before.upload { uploader?.configure(settings.upload) }
                DaemonLog.info("configuration reloaded")
            } catch {
                DaemonLog.error("reload failed, keeping the running configuration: \(error)")
            }
            notifier.notify("READY=1\nSTATUS=\(statusLine())")
        default:
            DaemonLog.info("signal \(signo): shutting down")
            notifier.notify("STOPPING=1")
            // A clean shutdown ends the session properly (only a crash leaves one to resume).
            if recorder.isActive { _ = command(.stop) }
            loop.stop()
        }
    }

    private func shutdown() {
        stopGPS()
        stopSensors()
        antSource?.stop()
        sensorBroadcaster?.shutdown()
        gpsdCompat?.shutdown()
        syncJournal()
        flushSensorLog()
        exporter?.finish()
        uploader?.finish()
        server.shutdown()
        close(listenFD)
        if let path = ownedSocketPath { unlink(path) }
        DaemonLog.info("stopped")
    }
}
