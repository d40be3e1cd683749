/// Gain and loss of a smoothed altitude with hysteresis: a climb or descent counts once it
/// exceeds the dead band from the last turning point.
struct DeadBandCounter: Sendable {
    private(set) var committedGain = 0.0
    private(set) var committedLoss = 0.0
    private var base = 0.0
    private var extreme = 0.0
    private var climbing: Bool?

    mutating func start(at value: Double) {
        if climbing == true { committedGain += extreme - base }
        if climbing == false { committedLoss += base - extreme }
        base = value
        extreme = value
        climbing = nil
    }

    mutating func update(_ value: Double, deadBand: Double) {
        switch climbing {
        case nil:
            if value - base >= deadBand { climbing = true; extreme = value }
            else if base - value >= deadBand { climbing = false; extreme = value }
        case true?:
            if value > extreme { extreme = value }
            else if extreme - value >= deadBand {
                committedGain += extreme - base
                base = extreme; extreme = value; climbing = false
            }
        case false?:
            if value < extreme { extreme = value }
            else if value - extreme >= deadBand {
                committedLoss += base - extreme
                base = extreme; extreme = value; climbing = true
            }
        }
    }

    var gain: Double { committedGain + (climbing == true ? extreme - base : 0) }
    var loss: Double { committedLoss + (climbing == false ? base - extreme : 0) }
}
