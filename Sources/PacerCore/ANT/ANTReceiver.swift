/// The decisions of an ANT stick's receiver, without I/O: reset the stick, set up one receive
/// channel per wanted profile (one message at a time, each answer checked), pair each channel
/// to the first device it hears (or the configured one) and remember that number for the run,
/// decode its pages, and search again when a device falls silent or the stick closes a channel.
/// A stick that does not answer, or refuses a message, is reported and reset again after a
/// backoff. Fed frames and time by pacerd and `pacerctl ant-scan`, which only do the I/O.
public struct ANTReceiver: Sendable {
    /// One channel's wish: a profile, and the device number to pair with (nil: the first heard).
    public struct Request: Equatable, Sendable {
        public var deviceType: UInt8
        public var deviceNumber: UInt32?
        public init(deviceType: UInt8, deviceNumber: UInt32? = nil) {
            self.deviceType = deviceType
            self.deviceNumber = deviceNumber
        }
    }

    /// Seconds to wait for the answer to a message before calling the stick unresponsive.
    public static let answerSeconds = 2.0
    /// A paired device whose pages stop for this long (and whose channel the stick did not
    /// close) gets its channel closed and opened again: the stick searches anew.
    public static let silenceSeconds = 10.0
    /// The most channels a USB stick has (USB-m and USB2: 8).
    public static let maximumChannels = 8

    public private(set) var counters = ANTReceiverCounters()
    public var backoff = ReconnectBackoff(initialSeconds: 1, maximumSeconds: 30)
    private var channels: [ANTReceiverChannel]
    /// Setups waiting to run, the first one in flight.
    private var setups: [ANTChannelSetup] = []
    /// The message in flight and when its answer is overdue.
    private var awaiting: (message: ANTMessage, deadline: MonotonicInstant)?
    private var retryAt: MonotonicInstant?
    private var failures = 0

    /// Channels for `requests`, numbered in order; requests past the stick's channels are dropped.
    public init(requests: [Request]) {
        channels = requests.prefix(Self.maximumChannels).enumerated().compactMap { i, r in
            ANTDeviceProfile.forDeviceType(r.deviceType).map { ANTReceiverChannel(number: UInt8(i), profile: $0, wanted: r.deviceNumber) }
        }
    }

    /// One channel per row of `ANTDeviceProfile.table` whose kind is not given to a BLE sensor
    /// (a Bluetooth address in `[sensors]`), pinned to the configured number when the config names one.
    public static func requests(config: PacerConfig) -> [Request] {
        let bluetooth = Set(config.sensorAddresses.keys)
        return ANTDeviceProfile.table.compactMap { row in
            guard let kind = SensorProfile.measuring(row.characteristic)?.kind, !bluetooth.contains(kind) else { return nil }
            return Request(deviceType: row.deviceType, deviceNumber: config.antDeviceNumbers[kind])
        }
    }

    /// Every channel's status, in channel order.
    public var statuses: [ANTSensorStatus] { channels.map(\.status) }

    /// Pages, readings and bad pages over every channel.
    public var pageCounters: ANTPageCounters {
        var c = ANTPageCounters()
        for ch in channels { c.add(ch.decoder.counters) }
        return c
    }

    /// When `tick` has something to do: an answer overdue, a retry, a device's silence.
    public var nextDeadline: MonotonicInstant? {
        var due = [awaiting?.deadline, retryAt].compactMap { $0 }
        due += channels.compactMap { $0.silentAt }
        return due.min()
    }

    /// The stick was (re)opened: reset it. Paired numbers are kept: the same devices are sought.
    public mutating func start(at now: MonotonicInstant) -> [ANTReceiverOutput] {
        setups = []
        retryAt = nil
        var out: [ANTReceiverOutput] = []
        for i in channels.indices { channels[i].close(state: .searching, into: &out) }
        send(.resetSystem, at: now, into: &out)
        return out
    }

    /// The stick is gone (unplugged, read error): every channel is lost until `start`.
    public mutating func stickLost() -> [ANTReceiverOutput] {
        setups = []
        awaiting = nil
        retryAt = nil
        var out: [ANTReceiverOutput] = []
        for i in channels.indices { channels[i].close(state: .lost, into: &out) }
        return out
    }

    /// Takes one verified frame from the stick.
    public mutating func receive(_ frame: ANTFrame, at now: MonotonicInstant) -> [ANTReceiverOutput] {
        guard let message = ANTMessage(frame) else {
            counters[.undecodableMessages] += 1
            return []
        }
        var out: [ANTReceiverOutput] = []
        if let awaited = awaiting?.message, let code = ANTChannelSetup.answer(to: awaited, in: message) {
            answered(awaited, reply: message, code: code, at: now, into: &out)
            return out
        }
        switch message {
        case .startup:
            // A reset nobody asked for (a brown-out): the channels are gone, set them up again.
            configureAll(at: now, into: &out)
        case let .broadcastData(ch, page, extended):
            guard let i = index(ch) else { return out }
            if channels[i].accepts(extended?.channelID) {
                channels[i].received(page, extended: extended, at: now, into: &out)
            } else {
                counters[.otherDevices] += 1
            }
        case let .channelID(ch, id):
            if let i = index(ch) { channels[i].identified(id, into: &out) }
        case let .channelEvent(ch, messageID, code) where messageID == ANTMessage.rfEventMessageID:
            guard let i = index(ch) else { return out }
            if code == .rxFailGoToSearch { channels[i].lost(into: &out) }
            if code == .channelClosed {
                channels[i].close(state: channels[i].status.state == .tracking ? .lost : channels[i].status.state, into: &out)
                reopen(i, at: now, into: &out)
            }
        case .serialError:
            counters[.serialErrors] += 1
        default:
            break
        }
        return out
    }

    /// Acts on what is due at `now`: an overdue answer, a retry, a silent device.
    public mutating func tick(at now: MonotonicInstant) -> [ANTReceiverOutput] {
        var out: [ANTReceiverOutput] = []
        if let a = awaiting, a.deadline <= now {
            fail("no answer to \(Self.name(a.message)) within \(Self.answerSeconds.wholeText()) s", at: now, into: &out)
        }
        if let at = retryAt, at <= now { out += start(at: now) }
        for i in channels.indices {
            guard let due = channels[i].silentAt, due <= now else { continue }
            counters[.silences] += 1
            channels[i].lost(into: &out)
            channels[i].silentAt = nil
            out.append(.send(.closeChannel(channel: channels[i].number)))
        }
        return out
    }

    // MARK: the stick's answers

    private mutating func answered(_ awaited: ANTMessage, reply: ANTMessage, code: ANTEventCode, at now: MonotonicInstant,
                                   into out: inout [ANTReceiverOutput]) {
        awaiting = nil
        if case .resetSystem = awaited {
            configureAll(at: now, into: &out)
            return
        }
        guard !setups.isEmpty else { return }
        switch setups[0].handle(reply) {
        case .accepted(let next?):
            send(next, at: now, into: &out)
        case .accepted(nil):
            let done = setups.removeFirst()
            if let ch = done.messages.last?.channel, let i = index(ch) { channels[i].opened(at: now) }
            if let next = setups.first?.current { send(next, at: now, into: &out) } else { failures = 0 }
        case .refused(let message, let code):
            fail("\(Self.name(message)) refused: \(code)", at: now, into: &out)
        case .unrelated:
            break
        }
    }

    private mutating func configureAll(at now: MonotonicInstant, into out: inout [ANTReceiverOutput]) {
        for i in channels.indices { channels[i].close(state: .searching, into: &out) }
        setups = channels.map { ANTChannelSetup(channel: $0.number, profile: $0.profile, deviceNumber: $0.searchID.deviceNumber,
                                                transmissionType: $0.searchID.transmissionType) }
        if let first = setups.first?.current { send(first, at: now, into: &out) }
    }

    private mutating func reopen(_ i: Int, at now: MonotonicInstant, into out: inout [ANTReceiverOutput]) {
        let ch = channels[i].number
        guard !setups.contains(where: { $0.messages.last?.channel == ch }) else { return }
        setups.append(ANTChannelSetup(reopening: ch, id: channels[i].searchID))
        if awaiting == nil, let first = setups.first?.current { send(first, at: now, into: &out) }
    }

    private mutating func fail(_ reason: String, at now: MonotonicInstant, into out: inout [ANTReceiverOutput]) {
        counters[.stickFailures] += 1
        let wait = backoff.delay(afterFailures: failures)
        failures += 1
        out += stickLost()
        retryAt = now.advanced(bySeconds: wait)
        out.append(.problem(reason, retrySeconds: wait))
    }

    private mutating func send(_ message: ANTMessage, at now: MonotonicInstant, into out: inout [ANTReceiverOutput]) {
        awaiting = (message, now.advanced(bySeconds: Self.answerSeconds))
        out.append(.send(message))
    }

    private func index(_ channel: UInt8) -> Int? {
        channels.firstIndex { $0.number == channel }
    }

    /// A message's name for a report: "reset", "open channel 2".
    static func name(_ message: ANTMessage) -> String {
        let id = ANTMessageID(rawValue: message.frame.id).map { "\($0)" } ?? "message 0x" + GATTBytes.hex(message.frame.id)
        return id + (message.channel.map { " (channel \($0))" } ?? "")
    }
}
