/// A write to the Fitness Machine Control Point (characteristic 0x2AD9, FTMS 1.0, 4.16): an op
/// code and its parameters, little-endian. The trainer answers each one with a Response Code
/// indication (`FTMSControlResponse`); a client writes the next only after that answer.
public enum FTMSControlRequest: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2AD9

    /// 0x00: the client asks to control the machine (answered 0x05 when another client has it).
    case requestControl
    /// 0x07: start or resume the machine.
    case startOrResume
    /// 0x05: ERG, the trainer holds this power (sint16, 1 W).
    case setTargetPower(watts: Int16)
    /// 0x11: a ride outside. Wind speed sint16 in 0.001 m/s, grade sint16 in 0.01 %, rolling
    /// resistance coefficient uint8 in 0.0001, wind resistance coefficient uint8 in 0.01 kg/m.
    case setSimulation(windMillimetresPerSecond: Int16, gradeHundredthsPercent: Int16, crr10000: UInt8, cwHundredths: UInt8)

    public var opCode: UInt8 {
        switch self {
        case .requestControl: 0x00
        case .setTargetPower: 0x05
        case .startOrResume: 0x07
        case .setSimulation: 0x11
        }
    }

    /// The value written to the control point.
    public var bytes: [UInt8] {
        func le(_ v: Int16) -> [UInt8] {
            let u = UInt16(bitPattern: v)
            return [UInt8(u & 0xFF), UInt8(u >> 8)]
        }
        switch self {
        case .requestControl, .startOrResume: return [opCode]
        case .setTargetPower(let watts): return [opCode] + le(watts)
        case let .setSimulation(wind, grade, crr, cw): return [opCode] + le(wind) + le(grade) + [crr, cw]
        }
    }

    /// Decodes a written value (the BLE log's `>2ad9` lines, the fake trainer's view); nil for an
    /// op code Pacer never writes or a wrong length.
    public init?(bytes: [UInt8]) {
        guard let op = bytes.first else { return nil }
        func s16(_ i: Int) -> Int16 { Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8) }
        switch (op, bytes.count) {
        case (0x00, 1): self = .requestControl
        case (0x07, 1): self = .startOrResume
        case (0x05, 3): self = .setTargetPower(watts: s16(1))
        case (0x11, 7): self = .setSimulation(windMillimetresPerSecond: s16(1), gradeHundredthsPercent: s16(3), crr10000: bytes[5], cwHundredths: bytes[6])
        default: return nil
        }
    }
}
