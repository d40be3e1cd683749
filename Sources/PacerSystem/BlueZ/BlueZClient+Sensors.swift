#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// The per-sensor half of the BlueZ client: choosing sensors, discovery, Connect,
/// subscription, values, drops. Each step is driven by `evaluate` from the object tree.
extension BlueZClient {
    static let deviceInterface = BlueZObjectTree.deviceInterface
    static let characteristicInterface = BlueZObjectTree.characteristicInterface
    static let socketGraceSeconds = 0.3

    /// Looks at the tree and each sensor's link, and starts what is due.
    func evaluate(at now: MonotonicInstant) {
        guard bluezOwner != nil, treeLoaded else { return }
        claimFirstSensorsSeen()
        guard let adapter = tree.adapters.first else { return }
        updateDiscovery(adapter: adapter, at: now)
        for sensor in sensors {
            dropAfterSocketLoss(sensor, at: now)
            let device = tree.device(address: sensor.address)
            sensor.devicePath = device?.path
            if let device {
                sensor.name = device.name
                if sensor.kind == nil { sensor.kind = SensorKind(advertisedServices: device.services) }
            }
            guard let device else {
                if sensor.link.shouldAttemptConnection(at: now) { sensor.link.scanning() }
                continue
            }
            switch sensor.link.state {
            case .disconnected, .scanning:
                guard sensor.link.shouldAttemptConnection(at: now) else { break }
                if device.connected {
                    sensor.link.connecting(at: now)
                } else {
                    connect(sensor, path: device.path, at: now)
                }
            case .connecting, .connected, .streaming:
                break
            }
            if sensor.link.state != .disconnected, sensor.link.state != .scanning, device.connected, device.servicesResolved {
                sensor.link.connected(at: now)
                setUpCharacteristics(sensor, device: device, at: now)
            }
        }
    }

    /// For each kind without a configured address: the first sensor of that kind seen.
    func claimFirstSensorsSeen() {
        let claimable = configuration.claimable
        guard !claimable.isEmpty else { return }
        for path in seenOrder {
            guard let device = tree.device(at: path), let kind = SensorKind(advertisedServices: device.services),
                  claimable.contains(kind),
                  !sensors.contains(where: { $0.kind == kind || $0.address == device.address }) else { continue }
            sensors.append(BlueZSensor(address: device.address, kind: kind, backoff: configuration.backoff))
            onEvent(.log("using \(kind.rawValue) sensor \(device.address) (\(device.name ?? "no name"))"))
        }
    }

    /// Discovery runs while a sensor has no device object (or, unconfigured, a kind is still unclaimed).
    func updateDiscovery(adapter: String, at now: MonotonicInstant) {
        let unclaimed = configuration.claimable.contains { kind in !sensors.contains { $0.kind == kind } }
        let wanted = unclaimed || sensors.contains { tree.device(address: $0.address) == nil }
        if wanted, !discoveryOn, discoveryRetryAt.map({ now >= $0 }) ?? true {
            discoveryOn = true
            let filter: DBusValue = .dictionary([
                DBusDictEntry(.string("UUIDs"), .variant(.array(SensorKind.allCases.map { .string(BlueZObjectTree.fullUUID($0.serviceUUID)) }))),
                DBusDictEntry(.string("Transport"), .variant(.string("le"))),
            ])
            let owner = bluezOwner
            send(path: adapter, interface: BlueZObjectTree.adapterInterface, method: "SetDiscoveryFilter", arguments: [filter]) { [unowned self] result in
                if case let .failure(f) = result { onEvent(.log("SetDiscoveryFilter failed: \(f)")) }
            }
            send(path: adapter, interface: BlueZObjectTree.adapterInterface, method: "StartDiscovery") { [unowned self] result in
                switch result {
                case .success: onEvent(.log("discovery started on \(adapter)"))
                case let .failure(f) where f.name == "org.bluez.Error.InProgress": break
                case let .failure(f):
                    onEvent(.log("StartDiscovery failed: \(f)"))
                    if bluezOwner == owner {
                        discoveryOn = false
                        discoveryRetryAt = Clocks.monotonic().advanced(bySeconds: 2)
                    }
                }
            }
        } else if !wanted, discoveryOn {
            discoveryOn = false
            send(path: adapter, interface: BlueZObjectTree.adapterInterface, method: "StopDiscovery") { _ in }
        }
    }

    func connect(_ sensor: BlueZSensor, path: String, at now: MonotonicInstant) {
        sensor.link.connecting(at: now)
        let generation = sensor.generation
        send(path: path, interface: BlueZClient.deviceInterface, method: "Connect", timeoutSeconds: 30) { [unowned self] result in
            guard generation == sensor.generation, case let .failure(failure) = result,
                  failure.name != "org.bluez.Error.AlreadyConnected" else { return }
            drop(sensor, reason: "Connect failed: \(failure)", at: Clocks.monotonic())
        }
    }

    func setUpCharacteristics(_ sensor: BlueZSensor, device: BlueZObjectTree.Device, at now: MonotonicInstant) {
        let characteristics = tree.characteristics(of: device.path)
        let measurement = sensor.kind?.measurementCharacteristic
        if !sensor.subscribed, let c = characteristics.first(where: { c in
            measurement.map { c.uuid == $0 } ?? (SensorProfile.measuring(c.uuid) != nil)
        }) {
            sensor.subscribed = true
            sensor.measurementPath = c.path
            sensor.measurementUUID = c.uuid
            subscribe(sensor, characteristic: c)
        }
        setUpTrainer(sensor, characteristics: characteristics)
        if !sensor.batteryRequested, let c = characteristics.first(where: { $0.uuid == BatteryLevel.characteristic }) {
            sensor.batteryRequested = true
            sensor.batteryPath = c.path
            let generation = sensor.generation
            send(path: c.path, interface: BlueZClient.characteristicInterface, method: "ReadValue",
                 arguments: [.dictionary([])]) { [unowned self] result in
                guard generation == sensor.generation else { return }
                switch result {
                case let .success(reply):
                    if let bytes = reply.arguments().first?.bytes {
                        handleValue(sensor, characteristic: BatteryLevel.characteristic, bytes: bytes, at: Clocks.monotonic())
                    }
                case let .failure(f): onEvent(.log("\(sensor.address): battery read failed: \(f)"))
                }
            }
            if c.flags.contains("notify") {
                send(path: c.path, interface: BlueZClient.characteristicInterface, method: "StartNotify") { _ in }
            }
        }
    }

    /// AcquireNotify where BlueZ offers it (values on a socket, no D-Bus round trip), else StartNotify.
    func subscribe(_ sensor: BlueZSensor, characteristic c: BlueZObjectTree.Characteristic) {
        let generation = sensor.generation
        let startNotify = { [unowned self] in
            send(path: c.path, interface: BlueZClient.characteristicInterface, method: "StartNotify") { [unowned self] result in
                guard generation == sensor.generation, case let .failure(f) = result else { return }
                drop(sensor, reason: "StartNotify failed: \(f)", at: Clocks.monotonic())
            }
        }
        guard c.offersAcquireNotify else { return startNotify() }
        send(path: c.path, interface: BlueZClient.characteristicInterface, method: "AcquireNotify",
             arguments: [.dictionary([])]) { [unowned self] result in
            switch result {
            case let .success(reply):
                guard let fd = reply.arguments().first?.unixFD, fd >= 0 else { return startNotify() }
                guard generation == sensor.generation else { close(fd); return }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                sensor.notifyFD = fd
            case let .failure(f):
                guard generation == sensor.generation else { return }
                onEvent(.log("\(sensor.address): AcquireNotify failed (\(f)), using StartNotify"))
                startNotify()
            }
        }
    }

    /// One read is one notification on an AcquireNotify (SOCK_SEQPACKET) socket. A zero-length
    /// read is an empty notification unless the socket hung up; a hang-up closes the socket and
    /// becomes a drop only if BlueZ does not name a better reason (link lost, exit) within a moment.
    func readNotification(_ sensor: BlueZSensor, hungUp: Bool) {
        var buffer = [UInt8](repeating: 0, count: 517)
        let n = buffer.withUnsafeMutableBytes { b in restartingEINTR { read(sensor.notifyFD, b.baseAddress, b.count) } }
        let now = Clocks.monotonic()
        if n > 0 || (n == 0 && !hungUp), let uuid = sensor.measurementUUID {
            handleValue(sensor, characteristic: uuid, bytes: Array(buffer[..<n]), at: now)
        } else if n == 0 || errno != EAGAIN {
            close(sensor.notifyFD)
            sensor.notifyFD = -1
            sensor.socketLostAt = now
        }
    }

    /// A notification socket that closed without BlueZ reporting why is a drop after `socketGraceSeconds`.
    func dropAfterSocketLoss(_ sensor: BlueZSensor, at now: MonotonicInstant) {
        guard let lost = sensor.socketLostAt, now.seconds(since: lost) >= BlueZClient.socketGraceSeconds else { return }
        drop(sensor, reason: "notification socket closed", at: now)
    }

    func handleValue(_ sensor: BlueZSensor, characteristic: UInt16, bytes: [UInt8], at now: MonotonicInstant) {
        let notification = BLENotification(time: Clocks.wall(), characteristic: characteristic, payload: bytes)
        if characteristic == sensor.measurementUUID { sensor.link.received(at: now) }
        do {
            let measurement = try GATTMeasurement(characteristic: characteristic, bytes: bytes)
            switch measurement {
            case let .heartRate(hr): sensor.heartRate.record(hr, at: now)
            case let .batteryLevel(level): sensor.battery = Int(level.percent)
            // Control granted: read the power range again, so the session (and its BLE log) has it.
            case let .trainerResponse(r) where r.requestOpCode == 0x00 && r.result == .success: readPowerRange(sensor)
            default: break
            }
            onEvent(.notification(address: sensor.address, notification, measurement))
        } catch {
            sensor.malformed += 1
            onEvent(.malformed(address: sensor.address, notification, error))
        }
    }

    /// The link is gone (or an attempt failed): forget the subscription and schedule a reconnection.
    func drop(_ sensor: BlueZSensor, reason: String, at now: MonotonicInstant) {
        guard sensor.link.state != .disconnected, sensor.link.state != .scanning else { return }
        if sensor.notifyFD >= 0 {
            close(sensor.notifyFD)
            sensor.notifyFD = -1
        }
        sensor.measurementPath = nil
        sensor.measurementUUID = nil
        sensor.batteryPath = nil
        sensor.subscribed = false
        sensor.batteryRequested = false
        sensor.auxiliaryPaths = [:]
        sensor.trainerSetUp = false
        sensor.socketLostAt = nil
        sensor.generation += 1
        sensor.link.dropped(reason: reason, at: now)
    }

    func reportStatuses(at now: MonotonicInstant) {
        for sensor in sensors {
            let key = sensor.reportKey(at: now)
            if key != sensor.lastReportKey {
                sensor.lastReportKey = key
                onEvent(.status(sensor.status(at: now)))
            }
        }
    }

    func closeNotifySockets() {
        for sensor in sensors where sensor.notifyFD >= 0 {
            close(sensor.notifyFD)
            sensor.notifyFD = -1
        }
    }
}
