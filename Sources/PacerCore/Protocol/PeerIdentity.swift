/// Who sent a request, as the kernel vouches for it (SO_PEERCRED), plus the groups the peer
/// belongs to. Plain values, so access decisions are pure and testable.
public struct PeerIdentity: Equatable, Sendable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// Supplementary groups (the process's, and the user's in the group database).
    public var groups: Set<UInt32>

    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: Set<UInt32> = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }
}
