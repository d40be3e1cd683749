#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import PacerSystem

/// pacerd's gpsd-compatible listener (`[gpsd_compat] listen`): the daemon's own fixes as gpsd's
/// TPV and SKY reports, for programs written for gpsd. Read-only: no request here changes a
/// session. It shares the daemon's loop and `SocketServer` (bounded queues: a client that never
/// reads is dropped, one that floods gets an ERROR per bad line and costs at most a line).
final class GPSDCompatService {
    private let server: SocketServer
    private let listenFD: Int32
    private let ownedPath: String?
    private var reporter: GPSDCompatReporter
    /// When the GPS was opened (DEVICES' `activated`); nil while it is not open.
    private var activated: UTCTime?
    private var baudRate: Int?
    /// What the last SKY said (DOPs, satellites used): a SKY goes out when it changes.
    private var lastSky: [Double?] = []

    init(address: GPSDCompatSettings.Address, device: String, loop: EventLoop, socketMode: UInt32, groupID: UInt32?) throws {
        var limits = SocketServer.Limits()
        switch address {
        case let .tcp(host, port):
            listenFD = try TCPListeningSocket.bind(host: host, port: port)
            ownedPath = nil
            limits.identifiesPeers = false
        case let .unix(path):
            listenFD = try UnixListeningSocket.bind(path: path, mode: socketMode, groupID: groupID)
            ownedPath = path
        }
        reporter = GPSDCompatReporter(device: device)
        server = SocketServer(listening: listenFD, loop: loop, limits: limits)
        server.onConnect = { [unowned self] client in
            server.send(GPSDCompatReporter.version(release: "pacerd \(PacerVersion.release)"), to: client)
        }
        server.onDisconnect = { client, reason in
            DaemonLog.log(.debug, "gpsd-compatible client \(client.id) gone: \(reason)")
        }
    }

    /// Serves requests; `time` gives the daemon's time of day (GPS time while there is a fix).
    func start(time: @escaping () -> UTCTime) {
        server.onLine = { [unowned self] client, framed in
            switch framed {
            case .oversized:
                server.send(GPSDCompatReporter.error("request too long (limit \(RequestLineFramer.defaultMaximumLength) bytes)"), to: client)
            case .line(let bytes):
                for request in GPSDCompatRequest.parse(line: bytes) { answer(request, from: client, time: time()) }
            }
        }
    }

    private func answer(_ request: GPSDCompatRequest, from client: SocketClient, time: UTCTime) {
        switch request {
        case let .watch(enable, json):
            // As gpsd: enabling without naming a format means JSON.
            let on = enable ?? client.watching
            let wantsJSON = json ?? on
            client.watching = on && wantsJSON
            if on { server.send(devicesLine(), to: client) }
            server.send(GPSDCompatReporter.watch(enable: on, json: wantsJSON), to: client)
        case .poll:
            server.send(reporter.poll(time: time, active: activated != nil), to: client)
        case .devices:
            server.send(devicesLine(), to: client)
        case .version:
            server.send(GPSDCompatReporter.version(release: "pacerd \(PacerVersion.release)"), to: client)
        case .invalid(let message):
            server.send(GPSDCompatReporter.error(message), to: client)
        }
    }

    private func devicesLine() -> [UInt8] { reporter.devices(activated: activated, baudRate: baudRate) }

    /// One event of the daemon's GPS source, as it arrived.
    func gps(_ event: GPSEvent, wallClock: UTCTime) {
        switch event {
        case .fix(let fix):
            reporter.update(fix)
            broadcastFix(sky: [fix.hdop, fix.vdop, fix.pdop, fix.satellitesUsed.map(Double.init)])
        case .fixLost:
            reporter.fixLost()
            broadcastFix(sky: [nil, nil, nil, 0])
        case .deviceOpened(let info), .deviceResumed(let info):
            activated = wallClock
            baudRate = info.baudRate
        case .deviceLost, .endOfStream:
            activated = nil
        case .counters:
            break
        }
    }

    private func broadcastFix(sky: [Double?]) {
        guard server.clients.values.contains(where: \.watching) else { lastSky = []; return }
        if let tpv = reporter.tpv() { server.broadcast(tpv) { $0.watching } }
        if sky != lastSky, let line = reporter.sky() {
            lastSky = sky
            server.broadcast(line) { $0.watching }
        }
    }

    func shutdown() {
        server.shutdown()
        close(listenFD)
        if let ownedPath { unlink(ownedPath) }
    }
}
