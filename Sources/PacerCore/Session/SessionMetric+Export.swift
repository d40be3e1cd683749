/// A metric's value as the exporters write it: its FIT field's integer, its TCX lap element.
extension SessionMetric {
    /// Its FIT field's value in `target` (nil: the field's invalid value).
    public func fitValue(of target: Target, ride: Bool) -> Int64? {
        guard let fit else { return nil }
        switch value {
        case let .double(get, _): return FITMessageWriter.scaled(get(target).map { fit.perLeg && !ride ? $0 / 2 : $0 }, fit.scale)
        case let .integer(get, _): return get(target).map { Int64($0) }
        case .doubles, .segments, .time, .text: return nil
        }
    }

    /// Writes its TCX lap element when it has one and a value (a plain element is always written).
    public func writeTCX(of target: Target, ride: Bool, into x: inout XMLText) {
        guard let tcx else { return }
        let number: Double?, whole: Int?
        switch value {
        case let .double(get, _): number = get(target); whole = number?.roundedInt()
        case let .integer(get, _): whole = get(target); number = whole.map { Double($0) }
        case .doubles, .segments, .time, .text: return
        }
        switch tcx.form {
        case let .decimals(d): if let number { x.element(tcx.element, number, decimals: d) }
        case .heartRate:
            if let bpm = whole { x.raw("<" + tcx.element + ">"); x.element("Value", String(min(255, max(1, bpm)))); x.raw("</" + tcx.element + ">") }
        case .rideCadence: if ride, let c = whole { x.element(tcx.element, String(min(254, max(0, c)))) }
        case .watts: if let w = whole { x.element("ns3:" + tcx.element, String(w)) }
        }
    }

    /// Whether it has a value for the lap's `ns3:LX` extension (which is written when one has).
    func hasLapExtension(of target: Target) -> Bool {
        guard let tcx, case .watts = tcx.form else { return false }
        switch value {
        case let .double(get, _): return get(target) != nil
        case let .integer(get, _): return get(target) != nil
        case .doubles, .segments, .time, .text: return false
        }
    }
}
