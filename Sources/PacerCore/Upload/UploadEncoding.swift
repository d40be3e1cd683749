/// Small text helpers the upload requests share: form and query values, the external id,
/// server texts made safe for a state file.
public enum UploadEncoding {
    /// `application/x-www-form-urlencoded` and query values: unreserved characters as they
    /// are (RFC 3986), every other byte as `%XX`.
    public static func percentEncoded(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for c in s.utf8 {
            if (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 46 || c == 95 || c == 126 {
                out.append(c)
            } else {
                out += [37, hex[Int(c >> 4)], hex[Int(c & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func form(_ fields: [(String, String)]) -> [UInt8] {
        Array(fields.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }.joined(separator: "&").utf8)
    }

    /// The id a service keeps with the activity, the same on every retry of a session, so a
    /// retry after a lost answer is recognised as the same upload and never duplicates it:
    /// `pacer-20251101T120000Z-1`. The start time is in it because journal ids start at 1 again
    /// in a new journal (a new SD card), and a new ride must not read as a duplicate of an old one.
    public static func externalID(sessionID: String, start: UTCTime?) -> String {
        guard let start else { return "pacer-\(sessionID)" }
        // RFC 3339's basic form to the second: 2025-11-01T12:00:07 -> 20251101T120007.
        let basic = start.rfc3339.prefix(19).filter { $0 != "-" && $0 != ":" }
        return "pacer-\(basic)Z-\(sessionID)"
    }

    /// The file name the services see.
    public static func fitFileName(externalID: String) -> String { externalID + ".fit" }

    /// A server's text (or any reason) for a state file: each secret replaced by `<secret>`,
    /// control characters as blanks, at most `limit` characters. Secrets shorter than 4
    /// characters are left (no real token is one, and scrubbing `a` would garble every word).
    public static func safeText(_ text: String, removing secrets: [String], limit: Int = 300) -> String {
        var t = Array(text.utf8)
        for s in secrets where s.utf8.count >= 4 {
            let needle = Array(s.utf8)
            var out: [UInt8] = []
            var i = 0
            while i < t.count {
                if i + needle.count <= t.count, t[i..<(i + needle.count)].elementsEqual(needle) {
                    out += Array("<secret>".utf8)
                    i += needle.count
                } else {
                    out.append(t[i])
                    i += 1
                }
            }
            t = out
        }
        let cleaned = String(String(decoding: t, as: UTF8.self).unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : Character($0) })
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "…" : cleaned
    }

    /// The base URL without a trailing slash.
    public static func trimmedBase(_ base: String) -> String {
        var b = base[...]
        while b.hasSuffix("/") { b = b.dropLast() }
        return String(b)
    }
}
