/// A one-axis constant-velocity Kalman filter (state: position and velocity, metres and m/s).
/// The position filter runs one per axis of the local plane: east and north decouple when the
/// receiver's errors are roughly circular, which keeps every step a handful of multiplications.
struct ConstantVelocityKalman: Sendable {
    var position: Double
    var velocity: Double
    /// Covariance [[p00, p01], [p01, p11]].
    var p00: Double
    var p01: Double
    var p11: Double

    init(position: Double, velocity: Double, positionVariance: Double, velocityVariance: Double) {
        self.position = position
        self.velocity = velocity
        p00 = positionVariance
        p01 = 0
        p11 = velocityVariance
    }

    /// Moves the state `dt` seconds ahead; `q` is the white-acceleration spectral density (m²/s³).
    mutating func predict(dt: Double, q: Double) {
        position += velocity * dt
        let dt2 = dt * dt
        p00 += dt * (2 * p01 + dt * p11) + q * dt2 * dt / 3
        p01 += dt * p11 + q * dt2 / 2
        p11 += q * dt
    }

    /// Innovation and its variance for a position measurement, before deciding to accept it.
    func positionInnovation(_ z: Double, variance r: Double) -> (residual: Double, variance: Double) {
        (z - position, p00 + r)
    }

    mutating func updatePosition(_ z: Double, variance r: Double) {
        let s = p00 + r
        let k0 = p00 / s, k1 = p01 / s
        let y = z - position
        position += k0 * y
        velocity += k1 * y
        let n00 = (1 - k0) * p00
        let n01 = (1 - k0) * p01
        let n11 = p11 - k1 * p01
        p00 = n00; p01 = n01; p11 = n11
    }

    mutating func updateVelocity(_ z: Double, variance r: Double) {
        let s = p11 + r
        let k0 = p01 / s, k1 = p11 / s
        let y = z - velocity
        position += k0 * y
        velocity += k1 * y
        let n00 = p00 - k0 * p01
        let n01 = (1 - k1) * p01
        let n11 = (1 - k1) * p11
        p00 = n00; p01 = n01; p11 = n11
    }
}
