/// A view of one checksum-valid sentence inside the framer's buffer: the start
/// character (`$` or `!`) and the bytes between it and the `*`. Valid only during
/// the callback that received it; copy it with `text` when it must outlive that.
public struct NMEASentence {
    public let start: UInt8
    public let body: UnsafeRawBufferPointer

    public init(start: UInt8, body: UnsafeRawBufferPointer) {
        self.start = start
        self.body = body
    }

    /// The address field (talker + type, e.g. `GPGGA`): the bytes before the first comma.
    public var address: UnsafeRawBufferPointer {
        var i = 0
        while i < body.count && body[i] != 0x2C { i += 1 }
        return UnsafeRawBufferPointer(rebasing: body[0..<i])
    }

    /// The sentence as text without start character and checksum (tests, diagnostics).
    public var text: String { String(decoding: body, as: UTF8.self) }
}
