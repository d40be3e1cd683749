/// What an `ANTReceiver` passed over, in report order (the framer and the channels' page
/// decoders count the rest).
public enum ANTReceiverCounter: String, CounterKey {
    /// Verified frames too short for their message id.
    case undecodableMessages
    /// Pages from a device other than the one the channel is pinned to.
    case otherDevices
    /// Serial errors the stick reported (it received a frame it could not read).
    case serialErrors
    /// Resets after the stick failed to answer or refused a message.
    case stickFailures
    /// Channels closed and opened again because their device fell silent.
    case silences
}

public typealias ANTReceiverCounters = Counts<ANTReceiverCounter>
