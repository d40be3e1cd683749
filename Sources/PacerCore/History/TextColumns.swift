/// Builds fixed-width text lines straight into bytes: the history tables print thousands of
/// rows, and String concatenation per cell would cost more than reading the index.
public struct TextColumns {
    public var bytes: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 40)

    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    /// Left-aligned text padded to `width` (always followed by at least one space).
    public mutating func text(_ s: StaticString, width: Int) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
        pad(width - s.utf8CodeUnitCount)
    }

    public mutating func text(_ s: String, width: Int) {
        var n = 0
        for b in s.utf8 { bytes.append(b); n += 1 }
        pad(width - n)
    }

    private mutating func pad(_ n: Int) {
        for _ in 0..<max(1, n) { bytes.append(32) }
    }

    /// Digits of `v` written backwards into scratch from `end`; returns the new start.
    private mutating func digits(_ v: Int64, end: Int, minimum: Int = 1) -> Int {
        var v = v.magnitude
        var i = end
        repeat {
            i -= 1
            scratch[i] = UInt8(48 + v % 10)
            v /= 10
        } while v > 0 || end - i < minimum
        return i
    }

    private mutating func emitRight(from start: Int, width: Int) {
        let n = scratch.count - start
        for _ in 0..<max(0, width - n) { bytes.append(32) }
        bytes.append(contentsOf: scratch[start...])
    }

    /// Right-aligned integer.
    public mutating func int(_ v: Int64, width: Int) {
        var i = digits(v, end: scratch.count)
        if v < 0 { i -= 1; scratch[i] = 45 }
        emitRight(from: i, width: width)
    }

    /// Right-aligned fixed-point number (`-` when not finite).
    public mutating func fixed(_ v: Double, decimals: Int, width: Int) {
        guard v.isFinite, abs(v) < 1e15 else { dash(width); return }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let n = (abs(v) * Double(scale)).clampedInt64()
        var i = scratch.count
        if decimals > 0 {
            i = digits(n % scale, end: i, minimum: decimals)
            i -= 1; scratch[i] = 46
        }
        i = digits(n / scale, end: i)
        if v < 0, n != 0 { i -= 1; scratch[i] = 45 }
        emitRight(from: i, width: width)
    }

    /// Right-aligned `h:mm:ss` (or `m:ss`).
    public mutating func clock(_ seconds: Double, width: Int) {
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { dash(width); return }
        let total = seconds.clampedInt64()
        var i = digits(total % 60, end: scratch.count, minimum: 2)
        i -= 1; scratch[i] = 58
        if total >= 3600 {
            i = digits(total / 60 % 60, end: i, minimum: 2)
            i -= 1; scratch[i] = 58
            i = digits(total / 3600, end: i)
        } else {
            i = digits(total / 60, end: i)
        }
        emitRight(from: i, width: width)
    }

    public mutating func dash(_ width: Int) {
        for _ in 0..<max(0, width - 1) { bytes.append(32) }
        bytes.append(45)
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ` (24 columns) then a space.
    public mutating func time(_ ms: Int64?) {
        guard let ms else { text("-", width: 25); return }
        let c = UTCTime(millisecondsSinceEpoch: ms).components
        func two(_ v: Int) { bytes.append(UInt8(48 + v / 10)); bytes.append(UInt8(48 + v % 10)) }
        let y = c.year
        two(y / 100 % 100); two(y % 100); bytes.append(45); two(c.month); bytes.append(45); two(c.day)
        bytes.append(84); two(c.hour); bytes.append(58); two(c.minute); bytes.append(58); two(c.second)
        bytes.append(46); bytes.append(UInt8(48 + c.millisecond / 100)); two(c.millisecond % 100)
        bytes.append(90); bytes.append(32)
    }

    public mutating func space() { bytes.append(32) }
    public mutating func newline() { bytes.append(10) }
}
