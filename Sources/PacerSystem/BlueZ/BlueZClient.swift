#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// A BlueZ (bluetoothd) client over libdbus for the sensor table's kinds (`SensorProfile`:
/// heart rate, footpod, bike speed/cadence, power, barometer).
///
/// It mirrors bluetoothd's objects, discovers sensors (filtered on the table's services),
/// connects the configured addresses (or, for each kind `autoKinds` names, the first sensor
/// of it seen), subscribes to their measurements (AcquireNotify where offered, else
/// StartNotify), reads the battery, and keeps every sensor streaming through drops, late
/// starts and bluetoothd restarts.
/// Decisions (state, backoff, staleness) are `SensorLink` and `LatestHeartRate` in the core;
/// this class only turns D-Bus traffic into their inputs. One thread runs `run`.
public final class BlueZClient {
    public struct Configuration: Sendable {
        /// Sensors to use by address, with their kind when the configuration names it (else the
        /// kind is read from the services the device advertises).
        public var devices: [BluetoothAddress]
        public var deviceKinds: [BluetoothAddress: SensorKind]
        /// Kinds for which the first sensor seen is used; nil: every kind of the sensor table when
        /// no device is named, none otherwise.
        public var autoKinds: Set<SensorKind>?
        public var backoff: ReconnectBackoff
        /// Values the core decided to write (a trainer's control point); nil: this client never writes.
        public var writes: GATTWriteQueue?

        public init(devices: [BluetoothAddress] = [], deviceKinds: [BluetoothAddress: SensorKind] = [:],
                    autoKinds: Set<SensorKind>? = nil, backoff: ReconnectBackoff = ReconnectBackoff()) {
            self.devices = devices
            self.deviceKinds = deviceKinds
            self.autoKinds = autoKinds
            self.backoff = backoff
        }

        /// The kinds still to be claimed from the first device seen.
        var claimable: Set<SensorKind> { autoKinds ?? (devices.isEmpty ? Set(SensorKind.allCases) : []) }
    }

    static let service = "org.bluez"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"

    let bus: DBusConnection
    let configuration: Configuration
    let onEvent: (BlueZClientEvent) -> Void
    var tree = BlueZObjectTree()
    var treeLoaded = false
    var sensors: [BlueZSensor]
    /// bluetoothd's unique name while it runs.
    var bluezOwner: String?
    var discoveryOn = false
    var discoveryRetryAt: MonotonicInstant?
    let pending = DBusPendingCalls()
    /// Device paths in the order they were first seen: "the first heart-rate sensor seen".
    var seenOrder: [String] = []

    public init(bus: DBusConnection, configuration: Configuration = Configuration(),
                onEvent: @escaping (BlueZClientEvent) -> Void) {
        self.bus = bus
        self.configuration = configuration
        self.onEvent = onEvent
        sensors = configuration.devices.map {
            BlueZSensor(address: $0.description, kind: configuration.deviceKinds[$0], backoff: configuration.backoff)
        }
    }

    /// The sensors' current status.
    public func statuses(at now: MonotonicInstant = Clocks.monotonic()) -> [BlueZSensorStatus] {
        sensors.map { $0.status(at: now) }
    }

    /// Runs until `deadline` passes or `wakeup` is woken; throws if the bus connection fails.
    public func run(until deadline: MonotonicInstant? = nil, wakeup: WakeupPipe? = nil) throws {
        defer { closeNotifySockets() }
        for rule in [
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.bluez'",
            "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager'",
            "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'",
        ] { try bus.addMatch(rule) }
        try call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                 method: "GetNameOwner", arguments: [.string(BlueZClient.service)]) { [unowned self] result in
            switch result {
            case let .success(reply): bluetoothdAppeared(owner: reply.arguments().first?.string ?? "")
            case .failure: onEvent(.log("waiting for bluetoothd (org.bluez is not on the bus)"))
            }
        }
        while true {
            let now = Clocks.monotonic()
            pending.expire(at: now)
            evaluate(at: now)
            flushWrites()
            reportStatuses(at: now)
            if let deadline, now >= deadline { return }
            if wakeup?.isWoken ?? false { return }
            guard bus.isConnected else {
                throw DBusFailure(name: "org.freedesktop.DBus.Error.Disconnected", message: "the bus connection closed")
            }
            var fds = [pollfd(fd: bus.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            if let wakeup { fds.append(pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0)) }
            let notifying = sensors.filter { $0.notifyFD >= 0 }
            for sensor in notifying { fds.append(pollfd(fd: sensor.notifyFD, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = 200
            if let deadline { timeout = Int32(max(0, min(200, (deadline.seconds(since: now) * 1000).clampedInt64(.towardZero)))) }
            _ = try retryingEINTR("poll") { poll(&fds, nfds_t(fds.count), timeout) }
            // Bus first: a link loss reported by BlueZ names the drop better than the socket hang-up.
            bus.readWrite(timeoutMilliseconds: 0)
            while let message = bus.popMessage() { handle(message) }
            let base = wakeup == nil ? 1 : 2
            for (i, sensor) in notifying.enumerated() where fds[base + i].revents != 0 && sensor.notifyFD == fds[base + i].fd {
                readNotification(sensor, hungUp: fds[base + i].revents & Int16(POLLHUP | POLLERR) != 0)
            }
        }
    }

    // MARK: calls

    /// Sends a method call; the handler runs on this thread when its reply (or error, or timeout) arrives.
    func call(destination: String = BlueZClient.service, path: String, interface: String, method: String,
              arguments: [DBusValue] = [], timeoutSeconds: Double = 10,
              handler: @escaping (Result<DBusMessage, DBusFailure>) -> Void) throws {
        let message = try DBusMessage.methodCall(destination: destination, path: path, interface: interface,
                                                 method: method, arguments: arguments)
        let serial = try bus.send(message)
        pending.add(serial: serial, timeoutSeconds: timeoutSeconds, handler: handler)
    }

    /// Like `call`, for calls whose failure is reported through the handler, never thrown.
    func send(path: String, interface: String, method: String, arguments: [DBusValue] = [], timeoutSeconds: Double = 10,
              handler: @escaping (Result<DBusMessage, DBusFailure>) -> Void) {
        do {
            try call(path: path, interface: interface, method: method, arguments: arguments,
                     timeoutSeconds: timeoutSeconds, handler: handler)
        } catch let failure as DBusFailure {
            handler(.failure(failure))
        } catch {
            handler(.failure(DBusFailure(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")))
        }
    }

    // MARK: messages

    func handle(_ message: DBusMessage) {
        switch message.kind {
        case .methodReturn, .error:
            pending.answer(message)
        case .signal:
            handleSignal(message)
        default:
            break
        }
    }

    func handleSignal(_ message: DBusMessage) {
        let args = message.arguments()
        let now = Clocks.monotonic()
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus"?, "NameOwnerChanged"?):
            guard args.count == 3, args[0].string == BlueZClient.service else { return }
            if let old = args[1].string, !old.isEmpty, old == bluezOwner { bluetoothdVanished(at: now) }
            if let new = args[2].string, !new.isEmpty { bluetoothdAppeared(owner: new) }
        case (BlueZClient.objectManagerInterface?, "InterfacesAdded"?):
            guard message.sender == bluezOwner, treeLoaded, args.count == 2, let path = args[0].string else { return }
            tree.interfacesAdded(path: path, interfaces: args[1])
            noteSeen(path)
        case (BlueZClient.objectManagerInterface?, "InterfacesRemoved"?):
            guard message.sender == bluezOwner, treeLoaded, args.count == 2, let path = args[0].string else { return }
            let interfaces = args[1].strings ?? []
            for sensor in sensors {
                if path == sensor.devicePath, interfaces.contains(BlueZObjectTree.deviceInterface) {
                    drop(sensor, reason: "device removed by bluetoothd", at: now)
                    sensor.devicePath = nil
                } else if path == sensor.measurementPath, interfaces.contains(BlueZObjectTree.characteristicInterface) {
                    drop(sensor, reason: "measurement characteristic removed", at: now)
                }
            }
            tree.interfacesRemoved(path: path, interfaces: interfaces)
        case (BlueZClient.propertiesInterface?, "PropertiesChanged"?):
            guard message.sender == bluezOwner, treeLoaded, args.count >= 2, let path = message.path,
                  let interface = args[0].string else { return }
            tree.propertiesChanged(path: path, interface: interface, changed: args[1],
                                   invalidated: args.count > 2 ? args[2].strings ?? [] : [])
            let changed = args[1].stringKeyedDictionary ?? [:]
            if interface == BlueZObjectTree.deviceInterface, changed["Connected"]?.bool == false,
               let sensor = sensors.first(where: { $0.devicePath == path }) {
                drop(sensor, reason: "link lost (Connected=false)", at: now)
            }
            if interface == BlueZObjectTree.characteristicInterface, let value = changed["Value"]?.bytes {
                for sensor in sensors {
                    if path == sensor.measurementPath, let uuid = sensor.measurementUUID, sensor.notifyFD < 0 {
                        handleValue(sensor, characteristic: uuid, bytes: value, at: now)
                    } else if path == sensor.batteryPath {
                        handleValue(sensor, characteristic: BatteryLevel.characteristic, bytes: value, at: now)
                    } else if let uuid = sensor.auxiliaryPaths[path] {
                        handleValue(sensor, characteristic: uuid, bytes: value, at: now)
                    }
                }
            }
        default:
            break
        }
    }

    func noteSeen(_ path: String) {
        if tree.device(at: path) != nil, !seenOrder.contains(path) { seenOrder.append(path) }
    }

    func bluetoothdAppeared(owner: String) {
        guard !owner.isEmpty else { return }
        bluezOwner = owner
        treeLoaded = false
        onEvent(.log("bluetoothd is on the bus as \(owner)"))
        send(path: "/", interface: BlueZClient.objectManagerInterface, method: "GetManagedObjects") { [unowned self] result in
            guard bluezOwner == owner else { return }
            switch result {
            case let .success(reply):
                tree.replaceAll(with: reply.arguments().first ?? .array([]))
                treeLoaded = true
                discoveryOn = false
                for path in tree.devices.map(\.path) { noteSeen(path) }
            case let .failure(failure):
                onEvent(.log("GetManagedObjects failed: \(failure)"))
                bluezOwner = nil
            }
        }
    }

    func bluetoothdVanished(at now: MonotonicInstant) {
        onEvent(.log("bluetoothd left the bus"))
        bluezOwner = nil
        treeLoaded = false
        discoveryOn = false
        tree.removeAll()
        for sensor in sensors {
            drop(sensor, reason: "bluetoothd exited", at: now)
            sensor.devicePath = nil
        }
    }
}
