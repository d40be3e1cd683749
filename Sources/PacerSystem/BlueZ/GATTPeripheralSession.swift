#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// One bus connection's worth of `GATTPeripheral`: follows bluetoothd (NameOwnerChanged),
/// registers with it, answers its calls and sends notifications. Runs on the peripheral's thread.
final class GATTPeripheralSession {
    static let gattManager = "org.bluez.GattManager1"
    static let advertisingManager = "org.bluez.LEAdvertisingManager1"
    static let retrySeconds = 5.0
    static let alreadyExists = "org.bluez.Error.AlreadyExists"

    let bus: DBusConnection
    var application: GATTApplication
    let log: (String) -> Void
    /// bluetoothd's unique name while it runs: the only caller served.
    var bluezOwner: String?
    var adapter: String?
    var applicationRegistered = false
    var advertisementRegistered = false
    var retryAt: MonotonicInstant?
    /// Set by `unregister`: a Release then is the answer to our own UnregisterAdvertisement.
    var stopping = false
    let calls = DBusPendingCalls()

    init(bus: DBusConnection, application: GATTApplication, log: @escaping (String) -> Void) {
        self.bus = bus
        self.application = application
        self.log = log
    }

    func start() throws {
        try bus.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.bluez'")
        call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner", [.string("org.bluez")]) { [unowned self] result in
            switch result {
            case let .success(reply): bluetoothdAppeared(reply.arguments().first?.string ?? "")
            case .failure: log("waiting for bluetoothd (org.bluez is not on the bus)")
            }
        }
    }

    /// Handles everything that arrived, retries a failed registration when due, writes the replies.
    func pump(at now: MonotonicInstant) {
        calls.expire(at: now)
        if let at = retryAt, now >= at, let owner = bluezOwner {
            retryAt = nil
            register(owner: owner)
        }
        bus.readWrite(timeoutMilliseconds: 0)
        while let message = bus.popMessage() { handle(message) }
        bus.flush()
    }

    /// New measurement values: kept for reads, notified where a central subscribed.
    func update(_ values: [UInt16: [UInt8]]) {
        for (uuid, value) in values {
            for i in application.indices(ofMeasurement: uuid) {
                application.characteristics[i].value = value
                if application.characteristics[i].notifying { notify(i) }
            }
        }
        bus.flush()
    }

    /// Unregisters (advertisement, then application) and waits a moment for bluetoothd to answer.
    func unregister() {
        stopping = true
        guard bluezOwner != nil, let adapter else { return }
        var waiting = 0
        /// Unregisters `object` (`what`, in the log) from the adapter's `manager`; the answer is awaited below.
        func unregisterObject(_ object: String, from manager: String, _ method: String, _ what: String) {
            waiting += 1
            call("org.bluez", adapter, manager, method, [.objectPath(object)]) { [unowned self] result in
                waiting -= 1
                log(what + " unregistered" + (result.failureText.map { " (\($0))" } ?? ""))
            }
        }
        if advertisementRegistered {
            unregisterObject(application.advertisementPath, from: GATTPeripheralSession.advertisingManager,
                             "UnregisterAdvertisement", "advertisement")
        }
        if applicationRegistered {
            unregisterObject(application.root, from: GATTPeripheralSession.gattManager, "UnregisterApplication", "GATT application")
        }
        let deadline = Clocks.monotonic().advanced(bySeconds: 2)
        while waiting > 0, Clocks.monotonic() < deadline, bus.isConnected {
            var fd = pollfd(fd: bus.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = restartingEINTR { poll(&fd, 1, 50) }
            pump(at: Clocks.monotonic())
        }
    }

    // MARK: calls out

    func call(_ destination: String, _ path: String, _ interface: String, _ method: String, _ arguments: [DBusValue] = [],
              timeoutSeconds: Double = 30, handler: @escaping (Result<DBusMessage, DBusFailure>) -> Void) {
        do {
            let message = try DBusMessage.methodCall(destination: destination, path: path, interface: interface,
                                                     method: method, arguments: arguments)
            let serial = try bus.send(message)
            calls.add(serial: serial, timeoutSeconds: timeoutSeconds, handler: handler)
        } catch {
            handler(.failure(error as? DBusFailure ?? DBusFailure(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")))
        }
    }

    func bluetoothdAppeared(_ owner: String) {
        // GetNameOwner's reply and NameOwnerChanged can both announce the same start.
        guard !owner.isEmpty, owner != bluezOwner else { return }
        bluetoothdVanished()
        bluezOwner = owner
        register(owner: owner)
    }

    func bluetoothdVanished() {
        if bluezOwner != nil, applicationRegistered { log("bluetoothd left the bus: registration lost") }
        bluezOwner = nil
        adapter = nil
        applicationRegistered = false
        advertisementRegistered = false
        retryAt = nil
        for i in application.characteristics.indices { application.characteristics[i].notifying = false }
    }

    /// Finds the adapter (GetManagedObjects), then RegisterApplication and RegisterAdvertisement;
    /// any failure is logged and retried after `retrySeconds` while this bluetoothd runs.
    func register(owner: String) {
        let retry = { [unowned self] (what: String, failure: DBusFailure) in
            guard bluezOwner == owner else { return }
            log("\(what) failed: \(failure); retrying in \(GATTPeripheralSession.retrySeconds.wholeText(.towardZero)) s")
            retryAt = Clocks.monotonic().advanced(bySeconds: GATTPeripheralSession.retrySeconds)
        }
        /// Registers `object` with the adapter's `manager`, then `done`. AlreadyExists counts as
        /// registered: an earlier attempt that timed out here did reach bluetoothd.
        func registerObject(_ object: String, with manager: String, _ method: String, on path: String,
                            then done: @escaping () -> Void) {
            call("org.bluez", path, manager, method, [.objectPath(object), .dictionary([])]) { [unowned self] result in
                guard bluezOwner == owner else { return }
                if case let .failure(f) = result, f.name != GATTPeripheralSession.alreadyExists {
                    return retry("\(method) on \(path)", f)
                }
                done()
            }
        }
        call("org.bluez", "/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", timeoutSeconds: 10) { [unowned self] result in
            guard bluezOwner == owner else { return }
            let objects: [String: DBusValue]
            switch result {
            case let .success(reply): objects = reply.arguments().first?.stringKeyedDictionary ?? [:]
            case let .failure(f): return retry("GetManagedObjects", f)
            }
            guard let path = objects.keys.sorted().first(where: {
                objects[$0]?.stringKeyedDictionary?[GATTPeripheralSession.gattManager] != nil
            }) else {
                return retry("finding an adapter", DBusFailure(name: "org.bluez.Error.NotAvailable", message: "no adapter offers GattManager1"))
            }
            adapter = path
            registerObject(application.root, with: GATTPeripheralSession.gattManager, "RegisterApplication", on: path) { [unowned self] in
                applicationRegistered = true
                log("GATT application registered on \(path) (services \(application.services.map { GATTPeripheralSession.hex($0.uuid) }.joined(separator: ", ")))")
                guard objects[path]?.stringKeyedDictionary?[GATTPeripheralSession.advertisingManager] != nil else {
                    return log("\(path) offers no LEAdvertisingManager1: not advertising")
                }
                registerObject(application.advertisementPath, with: GATTPeripheralSession.advertisingManager, "RegisterAdvertisement",
                               on: path) { [unowned self] in
                    advertisementRegistered = true
                    log("advertising as '\(application.localName)'")
                }
            }
        }
    }

    // MARK: messages in

    func handle(_ message: DBusMessage) {
        switch message.kind {
        case .methodReturn, .error:
            calls.answer(message)
        case .signal:
            guard message.member == "NameOwnerChanged", message.sender == "org.freedesktop.DBus" else { return }
            let args = message.arguments()
            guard args.count == 3, args[0].string == "org.bluez" else { return }
            if let old = args[1].string, !old.isEmpty, old == bluezOwner { bluetoothdVanished() }
            if let new = args[2].string, !new.isEmpty { bluetoothdAppeared(new) }
        case .methodCall:
            serve(message)
        case .other:
            break
        }
    }

    /// Answers one call; only bluetoothd is served (anyone else gets NotAuthorized).
    func serve(_ call: DBusMessage) {
        let reply: DBusMessage?
        do {
            reply = try answer(call)
        } catch let failure as DBusFailure {
            reply = try? DBusMessage.errorReply(to: call, name: failure.name, message: failure.message)
        } catch {
            reply = try? DBusMessage.errorReply(to: call, name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")
        }
        if let reply, !call.noReplyExpected { try? bus.enqueue(reply) }
        // A new subscriber gets the current value at once, after the reply, as a sensor's first notification.
        if call.member == "StartNotify", let i = application.index(ofPath: call.path ?? ""),
           application.characteristics[i].notifying { notify(i) }
    }

    private func answer(_ call: DBusMessage) throws -> DBusMessage {
        guard let sender = call.sender, sender == bluezOwner else {
            throw DBusFailure(name: "org.bluez.Error.NotAuthorized", message: "only bluetoothd is served")
        }
        let path = call.path ?? ""
        let index = application.index(ofPath: path)
        switch (call.member ?? "", index) {
        case ("ReadValue", let i?):
            let value = application.characteristics[i].value
            let offset = call.arguments().first?.stringKeyedDictionary?["offset"]?.integer ?? 0
            guard offset >= 0, offset <= value.count else { throw DBusFailure(name: "org.bluez.Error.InvalidOffset", message: "offset \(offset)") }
            return try GATTPeripheralSession.bytesReply(to: call, Array(value[offset...]))
        case ("StartNotify", let i?) where application.characteristics[i].notifies:
            if !application.characteristics[i].notifying {
                application.characteristics[i].notifying = true
                log("a central subscribed to \(GATTPeripheralSession.hex(application.characteristics[i].uuid))")
            }
            return try DBusMessage.methodReturn(to: call)
        case ("StopNotify", let i?) where application.characteristics[i].notifies:
            application.characteristics[i].notifying = false
            return try DBusMessage.methodReturn(to: call)
        case ("WriteValue", _?):
            throw DBusFailure(name: "org.bluez.Error.NotSupported", message: "read and notify only")
        case ("GetManagedObjects", nil) where path == application.root:
            return try DBusMessage.methodReturn(to: call, arguments: [application.managedObjects])
        case ("GetAll", _):
            let interface = call.arguments().first?.string ?? ""
            guard let properties = application.properties(path: path, interface: interface) else {
                throw DBusFailure(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "no interface \(interface) at \(path)")
            }
            return try DBusMessage.methodReturn(to: call, arguments: [.dictionary(properties)])
        case ("Release", nil) where path == application.advertisementPath:
            advertisementRegistered = false
            if !stopping {
                log("bluetoothd released the advertisement; registering it again in \(GATTPeripheralSession.retrySeconds.wholeText(.towardZero)) s")
                retryAt = Clocks.monotonic().advanced(bySeconds: GATTPeripheralSession.retrySeconds)
            }
            return try DBusMessage.methodReturn(to: call)
        default:
            throw DBusFailure(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "\(call.member ?? "") on \(path)")
        }
    }

    func notify(_ i: Int) {
        let c = application.characteristics[i]
        guard !c.value.isEmpty, let signal = try? DBusMessage.signal(
            path: c.path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
            arguments: [.string(GATTApplication.characteristicInterface),
                        .dictionary([DBusDictEntry(.string("Value"), .variant(.array(c.value.map { .byte($0) })))])])
            .appendingEmptyArray(of: "s") else { return }
        try? bus.enqueue(signal)
    }

    /// An `ay` reply; an empty value needs its type spelled out.
    static func bytesReply(to call: DBusMessage, _ bytes: [UInt8]) throws -> DBusMessage {
        bytes.isEmpty ? try DBusMessage.methodReturn(to: call).appendingEmptyArray(of: "y")
            : try DBusMessage.methodReturn(to: call, arguments: [.array(bytes.map { .byte($0) })])
    }

    static func hex(_ uuid: UInt16) -> String {
        let digits = String(uuid, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

extension Result where Failure == DBusFailure {
    var failureText: String? {
        if case let .failure(f) = self { return f.description }
        return nil
    }
}
