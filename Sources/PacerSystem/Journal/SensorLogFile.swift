import PacerCore

/// The BLE notification log (`*.ble`, docs/design.md) the daemon writes beside a session when
/// `[sensors] record_log` is on: what the sensors sent, on the receiver's timeline, so that
/// `pacerctl replay --nmea ... --ble ...` gives the session again. Lines are buffered and
/// written on `flush` (the daemon's tick); a write error keeps them (bounded) for the next try.
public final class SensorLogFile {
    public let path: String
    private let file: JournalFile
    private var offset: Int
    private var pending: [UInt8] = []
    /// At most this much is held while the disk refuses it; older lines are dropped first.
    static let maximumPending = 1 << 20

    /// `<journal>/session-<id>.ble`.
    public static func path(journal directory: String, sessionID: String) -> String {
        "\(directory)/session-\(sessionID).ble"
    }

    /// Opens for appending (a resumed session continues its log), creating it with a header.
    public init(path: String) throws {
        self.path = path
        file = try JournalFile(path: path, writable: true, create: true)
        offset = try file.size()
        if offset == 0 { pending.append(contentsOf: Array("# pacerd BLE log: time characteristic payload\n".utf8)) }
    }

    public func append(_ notification: BLENotification) {
        pending.append(contentsOf: notification.logLine.utf8)
        pending.append(0x0A)
        if pending.count > SensorLogFile.maximumPending {
            let cut = pending.firstIndex(of: 0x0A).map { $0 + 1 } ?? pending.count
            pending.removeFirst(cut)
        }
    }

    /// Writes what is buffered; throws the write error (the lines stay buffered).
    public func flush() throws {
        guard !pending.isEmpty else { return }
        try file.writeAll(pending, at: offset)
        offset += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}
