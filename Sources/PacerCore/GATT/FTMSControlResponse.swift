/// The trainer's answer to a control point write (an indication on 0x2AD9, FTMS 1.0, 4.16.2.22):
/// op code 0x80, the request's op code, a result code, then parameters some requests return.
public struct FTMSControlResponse: Equatable, Sendable {
    public static let responseOpCode: UInt8 = 0x80

    public enum Result: UInt8, Equatable, Sendable {
        /// 0x01 to 0x05, in the spec's order.
        case success = 0x01, notSupported, invalidParameter, operationFailed, controlNotPermitted

        /// The protocol's word for it (STATE, events).
        public var text: String {
            switch self {
            case .success: "success"
            case .notSupported: "not supported"
            case .invalidParameter: "invalid parameter"
            case .operationFailed: "operation failed"
            case .controlNotPermitted: "control not permitted"
            }
        }
    }

    public let requestOpCode: UInt8
    public let result: Result
    public let parameters: [UInt8]

    public init(requestOpCode: UInt8, result: Result, parameters: [UInt8] = []) {
        self.requestOpCode = requestOpCode
        self.result = result
        self.parameters = parameters
    }

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = try GATTBytes(value: bytes)
        let op = try reader.uint8("response op code")
        guard op == FTMSControlResponse.responseOpCode else { throw .outOfRange(field: "response op code", value: Int(op)) }
        requestOpCode = try reader.uint8("request op code")
        let code = try reader.uint8("result code")
        guard let result = Result(rawValue: code) else { throw .outOfRange(field: "result code", value: Int(code)) }
        self.result = result
        parameters = Array(bytes.dropFirst(3))
    }

    /// The indication's bytes (the fake trainer's and the tests' form).
    public var bytes: [UInt8] { [FTMSControlResponse.responseOpCode, requestOpCode, result.rawValue] + parameters }
}
