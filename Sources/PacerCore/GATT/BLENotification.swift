/// One value a BLE sensor sent, as recorded: when, which characteristic, the raw bytes.
///
/// Its text form is one line of the BLE log (`*.ble`, docs/design.md):
/// `2026-03-01T07:00:00.512Z 2a37 164e1b031203`. Raw bytes are kept, not decoded values,
/// so a recording replays exactly what the strap sent, malformed values included.
public struct BLENotification: Equatable, Sendable {
    public var time: UTCTime
    /// 16-bit characteristic UUID (0x2A37 heart rate, 0x2A53 RSC, 0x2A5B CSC, 0x2A63 power, ...).
    public var characteristic: UInt16
    public var payload: [UInt8]
    /// A value Pacer wrote (to a trainer's control point) rather than one the sensor sent: its
    /// line marks the characteristic `>2ad9`. Replay reads past it: the answers are what count.
    public var written: Bool

    public init(time: UTCTime, characteristic: UInt16, payload: [UInt8], written: Bool = false) {
        self.time = time
        self.characteristic = characteristic
        self.payload = payload
        self.written = written
    }

    /// The log line without newline; an empty payload leaves the third field out.
    public var logLine: String {
        var line = time.rfc3339
        line.reserveCapacity(30 + payload.count * 2)
        line.append(written ? " >" : " ")
        line.append(GATTBytes.hex(characteristic))
        if !payload.isEmpty {
            line.append(" ")
            for byte in payload { line.append(GATTBytes.hex(byte)) }
        }
        return line
    }

    /// Parses one log line that holds a notification (no comment, not blank).
    /// Fields are separated by spaces or tabs; hex is accepted in either case.
    public init(logLine: Substring) throws(BLELogError.Reason) {
        let fields = logLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard fields.count == 2 || fields.count == 3 else { throw .fieldCount(fields.count) }
        guard let time = UTCTime(rfc3339: fields[0]) else { throw .badTime(String(fields[0])) }
        guard UTCTime.recordable.contains(time) else { throw .timeOutOfRange(String(fields[0])) }
        let written = fields[1].first == ">"
        let uuidField = written ? fields[1].dropFirst() : fields[1]
        let uuid = uuidField.utf8
        guard uuid.count == 4, let characteristic = UInt16(uuidField, radix: 16),
              uuid.allSatisfy({ BLENotification.hexValue($0) != nil }) else { throw .badCharacteristic(String(fields[1])) }
        var payload: [UInt8] = []
        if fields.count == 3 {
            let hex = fields[2].utf8
            guard hex.count % 2 == 0 else { throw .badPayload(String(fields[2])) }
            payload.reserveCapacity(hex.count / 2)
            var high: UInt8?
            for c in hex {
                guard let v = BLENotification.hexValue(c) else { throw .badPayload(String(fields[2])) }
                if let h = high { payload.append(h << 4 | v); high = nil } else { high = v }
            }
        }
        self.init(time: time, characteristic: characteristic, payload: payload, written: written)
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }
}
