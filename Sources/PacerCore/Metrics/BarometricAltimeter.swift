#if canImport(Glibc)
import Glibc   // pow, sqrt: Foundation would link a 60 MB runtime into pacerd
#endif

/// Altitude and elevation gain from a barometer (0x2A6D pressure, BLE or Linux IIO).
///
/// A barometer resolves decimetres (1 Pa is 8 cm) where GPS altitude wanders by metres, but its
/// zero moves with the weather (1 hPa, 8 m, over hours) and, for the first minutes, with the
/// sensor's self-heating. So the two are used for what each is good at:
/// - altitude = ISA altitude of the pressure + an offset, the GPS-minus-barometer difference
///   averaged over good fixes with a slow time constant (`calibrationSeconds`): GPS error is
///   metres with minutes of correlation and only averages out over many minutes;
/// - gain and loss come from the ISA altitude alone, never from the offset: a change of
///   calibration moves the absolute altitude, it is not climbing; weather drift enters at its
///   own rate (at most a few metres an hour), which no GPS can resolve faster;
/// - a spike (a gust's dynamic pressure on the port, metres for 1-3 s) is dropped by a median
///   of three and a vertical gate bounded by a plausible climb rate; a disagreement that
///   persists `gateResetSeconds` is real (a lift, a reset) and accepted;
/// - the white noise left is smoothed by a `QuadraticSmoother`, not a low-pass: a 4 s low-pass
///   took 3-10 % of the climbing off a road ride over 300-1500 m rollers at 8 m/s (a span of
///   11 readings instead of 11 s let a noisier 4 Hz sensor's wiggles count);
/// - the dead band that separates a climb from noise is sized from the barometer's own noise
///   (estimated from second differences of its readings, so steady climbing does not count as
///   noise), not from the GPS's.
public struct BarometricAltimeter: Sendable {
    public static let seaLevelPascals = 101_325.0

    /// ICAO standard atmosphere: altitude (m) at a pressure, troposphere.
    public static func isaAltitude(pascals: Double, seaLevel: Double = seaLevelPascals) -> Double {
        (1 - pow(pascals / seaLevel, 1 / 5.25588)) / 2.25577e-5
    }

    public var calibrationSeconds: Double
    /// Seconds of readings in the quadratic fit; the altitude used for gain and samples is the
    /// fit's value in the middle of them, half this old. 11 s keeps 99 % of a roller passed in
    /// 25 s (300 m at 12 m/s) and takes white noise's variance to about 2.3 / readings.
    public var smoothingSeconds: Double { smoother.span }
    /// Dead band = max(`minimumDeadBand`, `noiseMultiple` x the readings' one-sigma noise).
    public var noiseMultiple: Double
    public var minimumDeadBand: Double
    public var gateResetSeconds: Double

    public private(set) var rejectedSpikes = 0
    public private(set) var readings = 0
    /// One-sigma noise of a single reading in metres (nil until a few readings came).
    public private(set) var noise: Double?
    private var recent: [Double] = []
    private var previous: (altitude: Double, instant: MonotonicInstant)?
    private var rejectingSince: MonotonicInstant?
    private var differences: (Double, Double)?
    private var smoothed: (value: Double, instant: MonotonicInstant)?
    private var smoother: QuadraticSmoother
    private var offset: Double?
    private var calibrationStart: MonotonicInstant?
    private var lastCalibration: MonotonicInstant?
    private var band = DeadBandCounter()
    private var rebase = false

    public init(calibrationSeconds: Double = 1800, smoothingSeconds: Double = 11, noiseMultiple: Double = 6,
                minimumDeadBand: Double = 0.4, gateResetSeconds: Double = 5) {
        self.calibrationSeconds = calibrationSeconds
        smoother = QuadraticSmoother(span: smoothingSeconds)
        self.noiseMultiple = noiseMultiple
        self.minimumDeadBand = minimumDeadBand
        self.gateResetSeconds = gateResetSeconds
    }

    public var hasData: Bool { smoothed != nil }
    public var isCalibrated: Bool { offset != nil }
    public var gain: Double { band.gain }
    public var loss: Double { band.loss }
    public var deadBand: Double { max(minimumDeadBand, noiseMultiple * (noise ?? minimumDeadBand)) }

    /// Calibrated altitude (MSL, like the GPS's); uncalibrated ISA altitude until a good fix came.
    public var altitude: Double? { smoothed.map { $0.value + (offset ?? 0) } }

    /// One pressure reading; `speed` (m/s, horizontal) bounds how fast altitude can change.
    /// Returns false when the reading was dropped as a spike.
    @discardableResult
    public mutating func update(pascals: Double, speed: Double = 0, at instant: MonotonicInstant) -> Bool {
        guard pascals.isFinite, pascals > 0 else { return false }
        readings += 1
        let raw = BarometricAltimeter.isaAltitude(pascals: pascals)
        recent.append(raw)
        if recent.count > 3 { recent.removeFirst() }
        let median = recent.count < 3 ? raw : recent.sorted()[1]
        if let last = previous {
            let dt = max(0.05, instant.seconds(since: last.instant))
            let tolerance = 0.5 + 4 * (noise ?? 0.1) + (0.3 * max(0, speed) + 0.5) * dt
            if abs(median - last.altitude) > tolerance {
                let since = rejectingSince ?? instant
                rejectingSince = since
                if instant.seconds(since: since) < gateResetSeconds { rejectedSpikes += 1; return false }
                recent = [raw]
                differences = nil
            }
        }
        rejectingSince = nil
        if let last = previous {
            let d = median - last.altitude
            if let (d1, _) = differences {
                // Second difference of white noise has sigma sqrt(6) s; E|.| = sqrt(12/pi) s.
                let sample = abs(d - d1) / (12 / Double.pi).squareRoot()
                noise = noise.map { $0 + 0.02 * (sample - $0) } ?? sample
            }
            differences = (d, differences?.0 ?? d)
        }
        previous = (median, instant)
        smooth(median, at: instant)
        return true
    }

    private mutating func smooth(_ value: Double, at instant: MonotonicInstant) {
        guard let s = smoothed else {
            smoothed = (value, instant)
            _ = smoother.add(value, at: instant)
            band.start(at: value)
            return
        }
        let dt = instant.seconds(since: s.instant)
        guard dt > 0 else { return }
        // A long gap (a tunnel, a lost sensor) starts the fit again at the new altitude.
        if dt > 30 { smoother.reset() }
        // A reading a metre or six sigmas off the fit through its neighbours is a spike the gate
        // let through (a gust under its climb-rate bound): terrain is smooth to centimetres there.
        let next = smoother.add(value, at: instant, outlierDistance: max(1, 6 * (noise ?? 0.1)))
        smoothed = (next, instant)
        if rebase {
            band.start(at: next)
            rebase = false
        } else {
            band.update(next, deadBand: deadBand)
        }
    }

    /// A GPS altitude from a fix the position filter accepted, with its one-sigma vertical
    /// error: the offset moves toward it, slowly and weighted by that error.
    public mutating func calibrate(gpsAltitude: Double, verticalSigma: Double, at instant: MonotonicInstant) {
        guard gpsAltitude.isFinite, verticalSigma.isFinite, verticalSigma < 15, let s = smoothed else { return }
        let difference = gpsAltitude - s.value
        guard let current = offset, let start = calibrationStart, let last = lastCalibration else {
            offset = difference
            calibrationStart = instant
            lastCalibration = instant
            return
        }
        let dt = max(0, instant.seconds(since: last))
        lastCalibration = instant
        // A running mean at first, then an exponential average over `calibrationSeconds`;
        // fixes worse than 5 m count for less.
        let span = max(dt, min(calibrationSeconds, instant.seconds(since: start)))
        let weight = min(1, 25 / (verticalSigma * verticalSigma))
        // Huber: a multipath altitude tens of metres off pulls no harder than a 2-sigma one.
        let limit = 2 * max(3, verticalSigma)
        let residual = max(-limit, min(limit, difference - current))
        offset = current + weight * dt / span * residual
    }

    /// Standing still: the ground did not change height, so what the pressure does meanwhile
    /// (weather, a door closing) is not climbing; counting resumes from the next reading.
    public mutating func suspend() { rebase = smoothed != nil }
}
