/// Decides who may do what on the socket: control commands (start, stop, ...) only for root,
/// the daemon's own user and members of the control group; reading (status, watch, sessions, counters)
/// for the same peers, or for everyone when the config opens watching to all.
public struct AccessPolicy: Equatable, Sendable {
    public var daemonUID: UInt32
    /// The configured group's id; nil when the group does not exist on this system.
    public var controlGroupID: UInt32?
    public var controlGroupName: String
    public var watchPublic: Bool

    public init(daemonUID: UInt32, controlGroupID: UInt32?, controlGroupName: String, watchPublic: Bool) {
        self.daemonUID = daemonUID
        self.controlGroupID = controlGroupID
        self.controlGroupName = controlGroupName
        self.watchPublic = watchPublic
    }

    public func isTrusted(_ peer: PeerIdentity) -> Bool {
        if peer.uid == 0 || peer.uid == daemonUID { return true }
        guard let g = controlGroupID else { return false }
        return peer.gid == g || peer.groups.contains(g)
    }

    /// Whether the user's groups in the group database could change this peer's answer: not when its
    /// own credentials already make it trusted, nor when there is no control group. The database lookup
    /// (getgrouplist(3)) goes through every NSS module, which maps libnss_systemd into pacerd for
    /// a question the credentials have already answered.
    public func needsDatabaseGroups(_ peer: PeerIdentity) -> Bool {
        controlGroupID != nil && !isTrusted(peer)
    }

    /// Nil when allowed, else the reason sent back in the ERROR (and logged).
    public func denial(of request: ClientRequest, from peer: PeerIdentity) -> String? {
        if isTrusted(peer) { return nil }
        if !request.isControl && watchPublic { return nil }
        let what = request.isControl ? "control commands" : "reading"
        return "permission denied: \(what) ('\(request.command)') need root, the daemon's user or group \(controlGroupName)"
    }
}
