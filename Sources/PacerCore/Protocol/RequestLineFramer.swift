/// One unit out of `RequestLineFramer`: a complete request line, or the news that a line was
/// longer than the limit (reported once; the rest of that line is discarded).
public enum FramedRequestLine: Equatable, Sendable {
    case line([UInt8])
    case oversized
}

/// Splits a client's byte stream into newline-terminated request lines with a hard length limit,
/// so a client that never sends a newline costs the daemon at most `maximumLength` bytes.
///
/// Bytes may arrive split anywhere; `\r\n` is accepted; empty lines are ignored.
public struct RequestLineFramer: Sendable {
    /// Longest request line accepted, excluding the newline. Requests are tiny; 4 KiB is generous.
    public static let defaultMaximumLength = 4096

    public let maximumLength: Int
    private var pending: [UInt8] = []
    private var discarding = false

    public init(maximumLength: Int = RequestLineFramer.defaultMaximumLength) {
        self.maximumLength = maximumLength
    }

    /// Feeds bytes as they arrived; `emit` is called for each complete line or oversize.
    public mutating func push(_ bytes: UnsafeRawBufferPointer, emit: (FramedRequestLine) -> Void) {
        var start = 0
        let n = bytes.count
        while start < n {
            var end = start
            while end < n, bytes[end] != 0x0A { end += 1 }
            let chunk = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            let complete = end < n
            if discarding {
                if complete { discarding = false }
            } else if pending.count + chunk.count > maximumLength + 1 {
                // Over the limit even if the last byte is the `\r` of a `\r\n`: refuse it now.
                pending.removeAll(keepingCapacity: false)
                emit(.oversized)
                discarding = !complete
            } else {
                pending.append(contentsOf: chunk)
                if complete { finishLine(emit) }
            }
            start = end + 1
        }
    }

    /// Convenience for tests and callers holding an array.
    public mutating func push(_ bytes: [UInt8], emit: (FramedRequestLine) -> Void) {
        bytes.withUnsafeBytes { push($0, emit: emit) }
    }

    private mutating func finishLine(_ emit: (FramedRequestLine) -> Void) {
        if pending.last == 0x0D { pending.removeLast() }
        if pending.count > maximumLength {
            emit(.oversized)
        } else if !pending.isEmpty {
            emit(.line(pending))
        }
        pending.removeAll(keepingCapacity: true)
    }
}
