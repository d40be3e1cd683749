/// Cuts an ANT stick's byte stream, arriving in chunks of any size, into checksummed frames.
///
/// A frame starts at the sync byte 0xA4; its length byte says how many payload bytes follow the
/// message id. A bad checksum drops only the sync byte: the framer rescans the bytes it held from
/// the next one, so a real frame that began inside the false one is still found, and the output
/// never depends on how the input was chunked. Zero bytes between frames are the hosts' write
/// padding; anything else between frames is junk. The held bytes live in one fixed buffer.
public struct ANTFramer: Sendable {
    /// Longest payload accepted. The messages a receiver sees are at most 9 data bytes plus 10
    /// of extended data; 0xA4 in junk followed by a large length would otherwise hold back the
    /// frames after it until that many bytes had passed.
    public static let maximumPayload = 32

    public private(set) var counters = ANTFrameCounters()
    /// Sync, length, id, payload, checksum of the frame in progress.
    private var held: [UInt8] = []

    public init() { held.reserveCapacity(ANTFramer.maximumPayload + 4) }

    /// Calls `frame` for every verified frame in `bytes`; a partial frame is kept for the next call.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes, frame: (ANTFrame) -> Void) where Bytes.Element == UInt8 {
        for b in bytes { push(b, frame: frame) }
    }

    /// The frames in `bytes`, for callers that want them as an array.
    public mutating func frames<Bytes: Sequence>(_ bytes: Bytes) -> [ANTFrame] where Bytes.Element == UInt8 {
        var out: [ANTFrame] = []
        feed(bytes) { out.append($0) }
        return out
    }

    /// Ends the stream: a frame in progress is truncated (a stick unplugged mid-frame).
    public mutating func finish() {
        guard !held.isEmpty else { return }
        counters[.truncated] += 1
        counters[.junkBytes] += held.count
        held.removeAll(keepingCapacity: true)
    }

    private mutating func push(_ b: UInt8, frame: (ANTFrame) -> Void) {
        if held.isEmpty {
            if b == ANTFrame.sync { held.append(b) } else { counters[b == 0 ? .paddingBytes : .junkBytes] += 1 }
            return
        }
        held.append(b)
        if held.count == 2 && (b == 0 || Int(b) > ANTFramer.maximumPayload) {
            // No frame has this length: the sync byte was junk. Count a length past the limit as a
            // truncated frame (a real but unsupported one, or a corrupted length).
            if b != 0 { counters[.truncated] += 1 }
            rescan(frame: frame)
            return
        }
        guard held.count >= 4, held.count == Int(held[1]) + 4 else { return }
        var sum: UInt8 = 0
        for i in 0..<(held.count - 1) { sum ^= held[i] }
        if sum == held[held.count - 1] {
            counters[.frames] += 1
            frame(ANTFrame(id: held[2], payload: Array(held[3..<(held.count - 1)])))
            held.removeAll(keepingCapacity: true)
        } else {
            counters[.badChecksums] += 1
            rescan(frame: frame)
        }
    }

    /// Drops the held sync byte as junk and feeds the rest again: a sync byte among them starts
    /// the next candidate frame.
    private mutating func rescan(frame: (ANTFrame) -> Void) {
        counters[.junkBytes] += 1
        // At most `maximumPayload + 3` bytes, copied once per false sync byte (never on a good frame).
        if held.count == 1 { held.removeAll(keepingCapacity: true); return }
        let rest = Array(held.dropFirst())
        held.removeAll(keepingCapacity: true)
        for b in rest { push(b, frame: frame) }
    }
}
