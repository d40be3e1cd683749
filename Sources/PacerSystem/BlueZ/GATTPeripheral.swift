#if canImport(Glibc)
import Glibc
#endif
import PacerCore
import Synchronization

/// pacerd as a BLE peripheral through BlueZ: it serves a `GATTApplication` on the bus, registers
/// it and its advertisement with the first adapter offering GattManager1, notifies the values it
/// is given to the characteristics a central subscribed to, registers again whenever bluetoothd
/// comes back, and unregisters when told to stop.
///
/// One thread runs `run`; `publish` may be called from any other. bluetoothd's calls are answered
/// from values already here (a read is a dictionary lookup and one message), so a central reading
/// thousands of times a second costs this thread only, never the daemon's event loop.
public final class GATTPeripheral: Sendable {
    private let pending = Mutex<[UInt16: [UInt8]]>([:])
    private let wakeup: WakeupPipe

    public init() throws { wakeup = try WakeupPipe() }

    /// Hands new measurement values to the peripheral's thread (the latest per characteristic wins).
    public func publish(_ notifications: [BroadcastPlan.Notification]) {
        guard !notifications.isEmpty else { return }
        pending.withLock { for n in notifications { $0[n.characteristic] = n.value } }
        wakeup.wake()
    }

    /// Serves `application` on `bus` until `stop` is woken; unregisters before it returns.
    public func run(bus: DBusConnection, application: GATTApplication, stop: WakeupPipe,
                    log: @escaping (String) -> Void) throws {
        let session = GATTPeripheralSession(bus: bus, application: application, log: log)
        try session.start()
        while !stop.isWoken {
            guard bus.isConnected else {
                throw DBusFailure(name: "org.freedesktop.DBus.Error.Disconnected", message: "the bus connection closed")
            }
            var fds = [pollfd(fd: bus.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stop.readDescriptor, events: Int16(POLLIN), revents: 0)]
            _ = try retryingEINTR("poll") { poll(&fds, nfds_t(fds.count), 1000) }
            if fds[1].revents != 0 {
                wakeup.drain()
                let values = pending.withLock { p in
                    let taken = p
                    p.removeAll(keepingCapacity: true)
                    return taken
                }
                session.update(values)
            }
            session.pump(at: Clocks.monotonic())
        }
        session.unregister()
    }
}
