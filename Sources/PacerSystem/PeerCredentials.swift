#if canImport(Glibc)
import Glibc
#endif
import CLinux
import PacerCore

/// Who is at the other end of a Unix socket: SO_PEERCRED for uid/gid/pid, SO_PEERGROUPS for the
/// process's supplementary groups, and getgrouplist(3) for the user's groups in the database.
public enum PeerCredentials {
    /// The peer's credentials; the user's groups in the database are added only when
    /// `needsDatabaseGroups` says the credentials alone do not settle what the peer may do.
    public static func identify(_ fd: Int32, needsDatabaseGroups: (PeerIdentity) -> Bool = { _ in true }) throws -> PeerIdentity {
        var pid: Int32 = 0
        var uid: UInt32 = 0, gid: UInt32 = 0
        try retryingEINTR("getsockopt(SO_PEERCRED)") { pacer_peer_credentials(fd, &pid, &uid, &gid) }
        var peer = PeerIdentity(pid: pid, uid: uid, gid: gid, groups: Set(processGroups(fd)))
        if needsDatabaseGroups(peer) { peer.groups.formUnion(GroupDatabase.groups(ofUser: uid, primaryGroup: gid)) }
        return peer
    }

    /// SO_PEERGROUPS (Linux 4.13+); empty when the kernel does not have it.
    private static func processGroups(_ fd: Int32) -> [UInt32] {
        let SO_PEERGROUPS: Int32 = 59
        var groups = [gid_t](repeating: 0, count: 64)
        var length = socklen_t(groups.count * MemoryLayout<gid_t>.size)
        var r = getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, &groups, &length)
        if r < 0, errno == ERANGE {
            groups = [gid_t](repeating: 0, count: Int(length) / MemoryLayout<gid_t>.size)
            r = getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, &groups, &length)
        }
        guard r == 0 else { return [] }
        return Array(groups.prefix(Int(length) / MemoryLayout<gid_t>.size))
    }
}
