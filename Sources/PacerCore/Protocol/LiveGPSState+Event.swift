/// How each GPS source event changes the STATE's GPS part: a fix replaces the position; a
/// lost fix or a (re)opened device is "no fix", mode 1; a lost device or an ended recording is
/// "no device", mode 0. Counters change nothing.
extension LiveGPSState {
    public mutating func apply(_ event: GPSEvent) {
        switch event {
        case .fix(let fix):
            mode = fix.mode.rawValue
            state = .fix
            latitude = fix.latitude
            longitude = fix.longitude
            altitudeMSL = fix.altitudeMSL
            speed = fix.speed
            satellitesUsed = fix.satellitesUsed
            hdop = fix.hdop
            time = fix.time
        case .fixLost, .deviceOpened, .deviceResumed:
            state = .noFix
            mode = 1
        case .deviceLost, .endOfStream:
            state = .noDevice
            mode = 0
        case .counters:
            break
        }
    }
}
