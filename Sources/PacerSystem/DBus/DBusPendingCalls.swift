import PacerCore

/// Method calls sent and not yet answered, each with the handler its reply, its error or its
/// timeout goes to: what the BlueZ client and the GATT peripheral both keep. A class, so that a
/// handler may send the next call while its own is being answered.
final class DBusPendingCalls {
    typealias Handler = (Result<DBusMessage, DBusFailure>) -> Void

    private var calls: [UInt32: (deadline: MonotonicInstant, handler: Handler)] = [:]

    /// The call sent as `serial` fails with a timeout unless answered within `timeoutSeconds`.
    func add(serial: UInt32, timeoutSeconds: Double, handler: @escaping Handler) {
        calls[serial] = (Clocks.monotonic().advanced(bySeconds: timeoutSeconds), handler)
    }

    /// Fails every call whose deadline has passed.
    func expire(at now: MonotonicInstant) {
        for (serial, call) in calls where now >= call.deadline {
            calls[serial] = nil
            call.handler(.failure(DBusFailure(name: "org.freedesktop.DBus.Error.Timeout", message: "no reply")))
        }
    }

    /// Hands a method return or an error to the call it answers; one that answers none (late,
    /// after its timeout) is dropped.
    func answer(_ message: DBusMessage) {
        guard let call = calls.removeValue(forKey: message.replySerial) else { return }
        if let failure = message.failure { call.handler(.failure(failure)) } else { call.handler(.success(message)) }
    }
}
