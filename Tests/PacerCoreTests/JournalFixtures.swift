@testable import PacerCore

/// Builds journals in memory the way the writer does, remembering where each frame ends.
struct JournalFixture {
    var bytes: [UInt8]
    var encoder: JournalEncoder
    /// The segment's format version: its header and its frames' layout.
    let version: UInt32
    /// Offsets just past each frame, in order.
    var frameEnds: [Int] = []
    /// For each finished session: its id and the offset just past its sessionEnd frame.
    var finished: [(id: UInt64, end: Int, samples: [SessionSample], summary: SessionSummary)] = []

    /// A segment of format `version` (its header says so; older layouts are what a writer
    /// appends to a segment an older build started).
    init(version: UInt32 = JournalFormat.version) {
        self.version = version
        bytes = JournalFormat.segmentHeader(number: 1)
        bytes.replaceSubrange(8..<12, with: [UInt8(version), 0, 0, 0])
        encoder = JournalEncoder(frameVersion: version)
    }

    mutating func record(_ body: (inout JournalEncoder, inout [UInt8]) -> Void) {
        var out: [UInt8] = []
        body(&encoder, &out)
        // Split the produced bytes into frames by reading them as the scanner does.
        var o = 0
        out.withUnsafeBytes { raw in
            while o < raw.count {
                guard case let .frame(_, _, end) = JournalFrame.read(raw, at: o, version: version) else {
                    preconditionFailure("the encoder wrote a frame that does not read back at \(o)")
                }
                o = end
                frameEnds.append(bytes.count + o)
            }
        }
        bytes += out
    }

    /// A realistic run: 1 Hz, moving ~3 m/s with GPS noise, heart rate with RR, cadence, steps,
    /// and power on most seconds (a format 2 field with an id, so truncation and bit flips
    /// cover it too).
    static func samples(start: UTCTime, count: Int, seed: UInt64) -> [SessionSample] {
        var rng = seed
        func noise() -> Double {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: rng >> 11) % 1000) / 1000
        }
        var out: [SessionSample] = []
        var lat = 48.137, lon = 11.575, alt = 520.0, dist = 0.0, steps = 0, hr = 120.0
        for i in 0..<count {
            let speed = 3 + noise() * 0.3
            dist += speed
            lat += speed / 111_000 * 0.7 + noise() * 1e-6
            lon += speed / 74_000 * 0.7 + noise() * 1e-6
            alt += noise() * 0.4
            hr = min(185, max(90, hr + noise() * 2))
            steps += 3
            let rr = UInt16(61440 / hr)
            out.append(SessionSample(time: UTCTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64(i) * 1000),
                                     latitude: lat, longitude: lon, altitudeMSL: alt, speed: speed, distanceMeters: dist,
                                     heartRate: Int(hr), rrIntervals: [rr], cadence: 172 + noise() * 4, steps: steps,
                                     power: i % 7 == 3 ? nil : 200 + Int(noise() * 60)))
        }
        return out.map(JournalSampleCodec.quantized)
    }

    /// Appends a whole session: start, samples committed one per record, a lap, a pause, an end.
    mutating func addSession(id: UInt64, start: UTCTime, sampleCount: Int, finish: Bool = true) {
        let samples = JournalFixture.samples(start: start, count: sampleCount, seed: id)
        record { e, out in e.start(id: id, activity: .run, start: start, config: "max_hr=188", into: &out) }
        for (i, s) in samples.enumerated() {
            record { e, out in
                e.append(sample: s)
                if i % 3 == 2 { e.flushSamples(into: &out) }
            }
            if i == sampleCount / 2 {
                record { e, out in e.append(event: .lap(time: s.time, number: 2), into: &out) }
                record { e, out in e.append(event: .pause(time: s.time, automatic: true), into: &out) }
                record { e, out in e.append(event: .resume(time: s.time), into: &out) }
            }
        }
        guard finish else { record { e, out in e.flushSamples(into: &out) }; return }
        let summary = SessionSummary(activity: .run, start: start, end: samples.last?.time, elapsedSeconds: Double(sampleCount),
                                     movingSeconds: Double(sampleCount) - 1, distanceMeters: samples.last?.distanceMeters ?? 0,
                                     averageSpeed: 3.1, heartRateAverage: 140.25, heartRateMax: 171,
                                     heartRateZoneSeconds: [1, 2, 3, 4, 5.5], steps: samples.last?.steps,
                                     laps: [SegmentSummary(index: 1, start: start, elapsedSeconds: 10, distanceMeters: 31)])
        record { e, out in e.end(summary: summary, into: &out) }
        finished.append((id, bytes.count, samples, summary))
    }
}
