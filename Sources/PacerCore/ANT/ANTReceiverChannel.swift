/// One receive channel of an `ANTReceiver`: its profile, the device it is pinned or paired to,
/// its page decoder and its status. Every change of the status is reported as an output.
struct ANTReceiverChannel: Sendable {
    let number: UInt8
    let profile: ANTDeviceProfile
    /// The configured device number (20 bits), nil for the first device heard.
    let wanted: UInt32?
    private(set) var status: ANTSensorStatus
    private(set) var decoder: ANTChannelDecoder
    private var isOpen = false
    /// Asked the stick for the channel id once (a stick that sends no extended data).
    private var askedForID = false
    /// When the paired device will count as silent, while the channel is open and heard.
    var silentAt: MonotonicInstant?

    init(number: UInt8, profile: ANTDeviceProfile, wanted: UInt32?) {
        self.number = number
        self.profile = profile
        self.wanted = wanted
        decoder = ANTChannelDecoder(profile: profile)
        status = ANTSensorStatus(channel: number, deviceType: profile.deviceType,
                                 kind: SensorProfile.measuring(profile.characteristic)?.kind ?? .heartRate,
                                 deviceNumber: wanted, state: .searching)
    }

    /// Whom the channel searches for: the paired or configured device, else any of its type. A
    /// number past 16 bits keeps its upper nibble in the transmission type, whose lower nibble is
    /// then unknown: such a search is a wildcard, and `accepts` checks the number.
    var searchID: ANTChannelID {
        guard let n = status.deviceNumber else { return ANTChannelID(deviceType: profile.deviceType) }
        let transmission = status.transmissionType ?? 0
        return ANTChannelID(deviceNumber: UInt16(truncatingIfNeeded: n), deviceType: profile.deviceType,
                            transmissionType: n > 0xFFFF && transmission == 0 ? 0 : transmission)
    }

    /// Whether a page from `id` (when the stick said whose it is) belongs to this channel.
    func accepts(_ id: ANTChannelID?) -> Bool {
        guard let id, let n = status.deviceNumber else { return true }
        return n > 0xFFFF || status.transmissionType != nil ? id.extendedDeviceNumber == n : UInt32(id.deviceNumber) == n
    }

    /// Whether the channel should ask the stick whom it hears (no extended data came).
    private var needsChannelID: Bool { isOpen && status.deviceNumber == nil && askedForID == false && status.state == .tracking }

    mutating func opened(at now: MonotonicInstant) {
        isOpen = true
        askedForID = false
        silentAt = nil
    }

    /// A data page arrived: pair with its sender when unpaired, decode, and note it is heard.
    mutating func received(_ page: [UInt8], extended: ANTExtendedData?, at now: MonotonicInstant,
                           into out: inout [ANTReceiverOutput]) {
        guard isOpen else { return }
        var next = status
        if let id = extended?.channelID, id.deviceNumber != 0 {
            next.deviceNumber = id.extendedDeviceNumber
            next.transmissionType = id.transmissionType
        }
        next.rssi = extended?.rssi ?? next.rssi
        next.state = .tracking
        let readings = decoder.decode(page: page, at: now)
        for r in readings {
            if r.characteristic == BatteryLevel.characteristic, let pct = r.payload.first { next.batteryPercent = Int(pct) }
            out.append(.reading(r, kind: status.kind))
        }
        silentAt = now.advanced(bySeconds: ANTReceiver.silenceSeconds)
        update(next, into: &out)
        if needsChannelID {
            askedForID = true
            out.append(.send(.requestMessage(channel: number, id: ANTMessageID.channelID.rawValue)))
        }
    }

    /// The stick's answer to a request for the channel id: the device it tracks.
    mutating func identified(_ id: ANTChannelID, into out: inout [ANTReceiverOutput]) {
        guard id.deviceNumber != 0, status.deviceNumber == nil else { return }
        var next = status
        next.deviceNumber = id.extendedDeviceNumber
        next.transmissionType = id.transmissionType
        update(next, into: &out)
    }

    /// The device went silent; the stick (or a close and open) searches for it again.
    mutating func lost(into out: inout [ANTReceiverOutput]) {
        decoder.restart()
        silentAt = nil
        var next = status
        next.state = .lost
        update(next, into: &out)
    }

    /// The channel is closed (reset, stick gone, closed by the stick); the pairing is kept.
    mutating func close(state: ANTSensorStatus.State, into out: inout [ANTReceiverOutput]) {
        isOpen = false
        silentAt = nil
        decoder.restart()
        var next = status
        next.state = state
        update(next, into: &out)
    }

    private mutating func update(_ next: ANTSensorStatus, into out: inout [ANTReceiverOutput]) {
        guard next != status else { return }
        // RSSI moves with every page: alone it is no news.
        var quiet = status
        quiet.rssi = next.rssi
        status = next
        if quiet != next { out.append(.sensor(next)) }
    }
}
