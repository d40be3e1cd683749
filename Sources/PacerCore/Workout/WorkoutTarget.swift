/// What to hold during a step: a quantity and a range on one of its scales, kept as the file
/// says it (250-270 W, 75 % of FTP, zone 2) so a plan reads back as written; the athlete's FTP
/// and zones turn it into watts or bpm only when it is run (`WorkoutAthlete.range`).
public struct WorkoutTarget: Equatable, Sendable {
    public enum Quantity: String, Sendable, CaseIterable, Codable {
        case power
        case heartRate = "heart_rate"
        case speed
        case cadence

        /// The unit a resolved range is in.
        public var unit: String {
            switch self { case .power: "W"; case .heartRate: "bpm"; case .speed: "m/s"; case .cadence: "rpm" }
        }

        /// How long a new step's target takes to be reached, at the least: an ERG trainer ramps to
        /// a new power and the 3 s power trails it by seconds; the heart answers a change of effort
        /// with a time constant of some 30 s, so a minute passes before it is near its new rate.
        var settleSeconds: Double { self == .heartRate ? 60 : 10 }
    }

    public enum Scale: String, Sendable {
        /// W, bpm, m/s or rpm.
        case absolute
        /// Fractions of the athlete's functional threshold power (Zwift's only scale).
        case ftp
        /// Fractions of the athlete's maximum heart rate (FIT's custom heart rate up to 100 %).
        case maxHeartRate = "max_hr"
        /// A zone number: heart rate 1-5 (the config's zones), power 1-7 (Coggan's, of FTP).
        case zone
    }

    public var quantity: Quantity
    public var scale: Scale
    /// The range, or for a ramp the value at the step's start (`low`) and at its end (`high`).
    public var low: Double
    public var high: Double
    /// Whether the target moves from `low` to `high` over the step (Zwift's Warmup, Cooldown
    /// and Ramp): a cooldown's `high` is below its `low`.
    public var ramp: Bool

    public init(_ quantity: Quantity, _ scale: Scale, low: Double, high: Double, ramp: Bool = false) {
        self.quantity = quantity
        self.scale = scale
        self.low = low
        self.high = high
        self.ramp = ramp
    }

    /// The highest value that a plan could mean on each scale; past it the number is a mistake
    /// (or a hostile file), not a hard day.
    static func ceiling(_ quantity: Quantity, _ scale: Scale) -> (value: Double, said: String) {
        switch (quantity, scale) {
        case (.power, .absolute): (2500, "2500 W")
        case (.power, .ftp): (5, "500 % of FTP")
        case (.power, _): (7, "zone 7 (power zones are 1-7)")
        case (.heartRate, .zone): (5, "zone 5 (heart-rate zones are 1-5)")
        case (.heartRate, .absolute): (250, "250 bpm")
        case (.heartRate, _): (1, "100 % of maximum heart rate")
        case (.speed, _): (30, "30 m/s (108 km/h)")
        case (.cadence, _): (250, "250 rpm")
        }
    }

    var problem: String? {
        let name = quantity == .heartRate ? "heart rate" : quantity.rawValue
        guard low.isFinite, high.isFinite else { return "a \(name) target that is not a number" }
        guard low >= 0, high >= 0 else { return "a negative \(name) target" }
        guard ramp || low <= high else { return "a \(name) target whose low end is above its high end" }
        let limit = Self.ceiling(quantity, scale)
        if scale == .zone {
            guard low == high, low >= 1, low <= limit.value, low.rounded() == low else {
                return "\(name) zone \(UnitSystem.fixed(max(low, high), low.rounded() == low ? 0 : 1)): there is no such zone, the highest is \(limit.said)"
            }
            return nil
        }
        guard max(low, high) <= limit.value else { return "a \(name) target above \(limit.said)" }
        guard max(low, high) > 0 else { return "a \(name) target of 0" }
        return nil
    }
}
