/// A `multipart/form-data` body (RFC 7578), as Strava's and intervals.icu's upload endpoints
/// and the webhook take a file with fields. Built in the core so a request's exact bytes are a
/// value the tests compare, and the same session gives the same bytes on every retry.
public struct MultipartBody: Equatable, Sendable {
    public struct Part: Equatable, Sendable {
        public var name: String
        public var fileName: String?
        public var contentType: String?
        public var data: [UInt8]

        public init(name: String, fileName: String? = nil, contentType: String? = nil, data: [UInt8]) {
            self.name = name
            self.fileName = fileName
            self.contentType = contentType
            self.data = data
        }

        /// A plain form field.
        public static func field(_ name: String, _ value: String) -> Part { Part(name: name, data: Array(value.utf8)) }
    }

    public let parts: [Part]
    /// Never found in any part, so no part's data can end the part early.
    public let boundary: String

    /// The boundary is `preferredBoundary` (by default one derived from the parts' digest, so
    /// it is the same on every retry), with `-1`, `-2`... appended while a part holds it.
    public init(parts: [Part], preferredBoundary: String? = nil) {
        self.parts = parts
        let base = preferredBoundary ?? Self.derivedBoundary(parts)
        var candidate = base
        var n = 0
        while parts.contains(where: { Self.contains($0.data, Array(candidate.utf8)) || Self.contains(Array($0.name.utf8), Array(candidate.utf8)) }) {
            n += 1
            candidate = base + "-\(n)"
        }
        boundary = candidate
    }

    /// The value of the request's `Content-Type` header.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.data.count + 160 } + boundary.utf8.count + 8)
        for part in parts {
            out += Array("--\(boundary)\r\n".utf8)
            var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let f = part.fileName { disposition += "; filename=\"\(Self.quoted(f))\"" }
            out += Array((disposition + "\r\n").utf8)
            if let t = part.contentType { out += Array("Content-Type: \(t)\r\n".utf8) }
            out += Array("\r\n".utf8)
            out += part.data
            out += Array("\r\n".utf8)
        }
        out += Array("--\(boundary)--\r\n".utf8)
        return out
    }

    /// `pacer-` and 24 hex digits of the SHA-256 of the parts' names and data.
    static func derivedBoundary(_ parts: [Part]) -> String {
        var h = SHA256()
        for p in parts { h.update(p.name.utf8); h.update([0]); h.update(p.data); h.update([0]) }
        return "pacer-" + String(SHA256.hex(h.finalize()).prefix(24))
    }

    /// A name or file name inside a quoted header parameter: quotes, backslashes and line
    /// breaks would end it, so they become `_` (Pacer's names never hold them anyway).
    static func quoted(_ s: String) -> String {
        String(s.map { $0 == "\"" || $0 == "\\" || $0 == "\r" || $0 == "\n" ? "_" : $0 })
    }

    /// Whether `needle` occurs in `haystack` (a plain scan: a FIT file is a few megabytes).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var k = 1
                while k < needle.count, haystack[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}
