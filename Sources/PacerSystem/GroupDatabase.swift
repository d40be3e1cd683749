#if canImport(Glibc)
import Glibc
#endif

/// Lookups in the user and group databases (NSS), used for the socket's group and access checks.
public enum GroupDatabase {
    /// getgrnam_r(3): the id of a group, nil when there is no such group.
    public static func groupID(named name: String) -> UInt32? {
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 16384)
        let r = getgrnam_r(name, &group, &buffer, buffer.count, &result)
        guard r == 0, result != nil else { return nil }
        return group.gr_gid
    }

    /// getpwuid_r(3): the login name of a user id, nil when unknown.
    public static func userName(of uid: UInt32) -> String? {
        var passwd = Glibc.passwd()
        var result: UnsafeMutablePointer<Glibc.passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        let r = getpwuid_r(uid, &passwd, &buffer, buffer.count, &result)
        guard r == 0, result != nil, let name = passwd.pw_name else { return nil }
        return String(cString: name)
    }

    /// getgrouplist(3): every group the user belongs to in the database (primary included).
    public static func groups(ofUser uid: UInt32, primaryGroup: UInt32) -> [UInt32] {
        guard let name = userName(of: uid) else { return [primaryGroup] }
        var count: Int32 = 32
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, primaryGroup, &groups, &count) < 0 {
            groups = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, primaryGroup, &groups, &count) >= 0 else { return [primaryGroup] }
        }
        return Array(groups.prefix(Int(count)))
    }
}
