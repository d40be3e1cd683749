/// Fitness Machine Status (characteristic 0x2ADA, FTMS 1.0, 4.17): what changed on the machine,
/// notified. An op code and its parameter; Pacer acts on the ones that change who controls it.
/// 0x01 reset (control is gone), 0x02 stopped or paused by the user, 0x04 started or resumed by
/// the user, 0x08 target power changed (sint16 W), 0x12 simulation parameters changed, 0xFF
/// control permission lost. Others are kept as their op code.
public struct FTMSMachineStatus: Equatable, Sendable {
    public static let characteristic: UInt16 = 0x2ADA

    public let opCode: UInt8
    public let parameters: [UInt8]

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        guard let op = bytes.first else { throw .empty }
        guard op != 0x00 else { throw .outOfRange(field: "status op code", value: 0) }
        opCode = op
        parameters = Array(bytes.dropFirst())
        if op == 0x08, parameters.count != 2 { throw .missingValues(field: "target power") }
    }

    /// Control is no longer ours: a reset or a lost permission.
    public var controlLost: Bool { opCode == 0x01 || opCode == 0xFF }
    /// The user stopped or paused the machine: it needs a start again.
    public var stopped: Bool { opCode == 0x02 || opCode == 0x03 }
    /// The new target power after 0x08.
    public var targetPower: Int16? {
        guard opCode == 0x08, parameters.count == 2 else { return nil }
        return Int16(bitPattern: UInt16(parameters[0]) | UInt16(parameters[1]) << 8)
    }
}
