@testable import PacerCore

/// Seeded draws of receiver time glitches, the kinds receivers write: a few epochs off by
/// seconds to 1024 weeks (a week-number rollover), either way.
struct ReceiverTimeGlitches {
    static let offsetsSeconds: [Int64] = [15, 60, 600, 3600, 5 * 3600, 86_400, 7 * 86_400, 1024 * 7 * 86_400]
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func draw(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }

    /// Applies one to `most` glitches of one to six epochs each to `fixes` (none in the first
    /// and last ten) and returns them as (first epoch, epochs, seconds).
    mutating func apply(to fixes: inout [GNSSFix], most: Int) -> [(at: Int, epochs: Int, seconds: Int64)] {
        var glitches: [(at: Int, epochs: Int, seconds: Int64)] = []
        for _ in 0..<(1 + draw(most)) {
            let at = 10 + draw(fixes.count - 30), epochs = 1 + draw(6)
            let seconds = Self.offsetsSeconds[draw(Self.offsetsSeconds.count)] * (draw(2) == 0 ? 1 : -1)
            glitches.append((at, epochs, seconds))
            for i in at..<(at + epochs) {
                fixes[i] = fixes[i].shifted(by: seconds * 1000)
            }
        }
        return glitches
    }
}

extension GNSSFix {
    /// The fix with its receiver time `milliseconds` later (earlier when negative): a glitch.
    func shifted(by milliseconds: Int64) -> GNSSFix {
        var f = self
        f.time = UTCTime(millisecondsSinceEpoch: time!.millisecondsSinceEpoch + milliseconds)
        return f
    }
}
