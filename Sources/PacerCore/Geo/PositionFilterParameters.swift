/// Tuning of the position filter for one activity: what speed is plausible, how hard the
/// athlete can accelerate, and below which speed the receiver is taken to be standing still.
public struct PositionFilterParameters: Equatable, Sendable {
    /// Fastest plausible speed (m/s); a jump implying more is a multipath outlier.
    public var maxSpeed: Double
    /// White-acceleration spectral density of the motion model (m²/s³).
    public var accelerationNoise: Double
    /// Doppler speed (m/s, smoothed) below which the receiver is standing still.
    public var stationarySpeed: Double
    /// Seconds without a position after which the next fix bridges a dropout.
    public var gapSeconds: Double = 3
    /// Seconds of continuous rejections after which the filter trusts the receiver again.
    public var rejectionResetSeconds: Double = 6
    /// Longest a near-zero Doppler holds distance back waiting for a standstill (slow travel counts).
    public var holdSeconds: Double = 10

    public init(maxSpeed: Double, accelerationNoise: Double, stationarySpeed: Double) {
        self.maxSpeed = maxSpeed
        self.accelerationNoise = accelerationNoise
        self.stationarySpeed = stationarySpeed
    }

    public static func forActivity(_ activity: Activity) -> PositionFilterParameters {
        switch activity {
        case .run: return PositionFilterParameters(maxSpeed: 12, accelerationNoise: 1.5, stationarySpeed: 0.3)
        case .walk, .strength, .other: return PositionFilterParameters(maxSpeed: 5, accelerationNoise: 0.8, stationarySpeed: 0.25)
        case .ride: return PositionFilterParameters(maxSpeed: 35, accelerationNoise: 3, stationarySpeed: 0.5)
        }
    }
}
