/// Personal-record search: the fastest time over a given distance found anywhere inside a
/// session, from its samples (two pointers, linear in samples, interpolated at the start).
public enum BestEfforts {
    /// 1 km, 5 km, 10 km, half and full marathon.
    public static let distances: [Double] = [1000, 5000, 10000, 21097.5, 42195]
    public static let names = ["1 km", "5 km", "10 km", "half marathon", "marathon"]

    /// Seconds for each distance (nil when the session is shorter); `times` in seconds.
    public static func fastest(times: [Double], distances cumulative: [Double], over targets: [Double] = distances) -> [Double?] {
        precondition(times.count == cumulative.count)
        var result = [Double?](repeating: nil, count: targets.count)
        let n = times.count
        guard n >= 2 else { return result }
        for (k, target) in targets.enumerated() {
            guard cumulative[n - 1] - cumulative[0] >= target else { continue }
            var i = 0
            var best = Double.infinity
            for j in 1..<n {
                // Advance i to the last sample from which j still covers the target.
                while i + 1 < j, cumulative[j] - cumulative[i + 1] >= target { i += 1 }
                let covered = cumulative[j] - cumulative[i]
                guard covered >= target else { continue }
                // Start the window where the distance was exactly cumulative[j] - target.
                var startTime = times[i]
                let span = cumulative[i + 1] - cumulative[i]
                if i + 1 <= j, span > 0 {
                    let fraction = min(1, max(0, (cumulative[j] - target - cumulative[i]) / span))
                    startTime = times[i] + (times[i + 1] - times[i]) * fraction
                }
                best = min(best, times[j] - startTime)
            }
            if best.isFinite { result[k] = best }
        }
        return result
    }

    public static func fastest(samples: [SessionSample]) -> [Double?] {
        fastest(times: samples.map { $0.time.secondsSinceEpoch }, distances: samples.map(\.distanceMeters))
    }

    /// What the search reads of a session's samples: their times (s) and distances (m).
    public struct Track: Sendable {
        public var times: [Double] = []
        public var distances: [Double] = []
        public init() {}

        mutating func append(time: UTCTime, distanceMeters: Double) {
            times.append(time.secondsSinceEpoch)
            distances.append(distanceMeters)
        }
    }

    public static func fastest(track: Track) -> [Double?] {
        fastest(times: track.times, distances: track.distances)
    }
}
