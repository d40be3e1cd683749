/// The status and headers of the reply curl dumped (`-D`): every response it saw, one block each
/// (a redirect, a 1xx), of which the last is the answer.
struct HTTPResponseHead: Equatable {
    var status: Int
    var headers: [(name: String, value: String)]

    static func == (a: HTTPResponseHead, b: HTTPResponseHead) -> Bool {
        a.status == b.status && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }

    /// The last block's status and headers; nil when there is no status line.
    init?(dumped bytes: [UInt8]) {
        var last: HTTPResponseHead?
        var current: HTTPResponseHead?
        // By bytes: as Characters, "\r\n" is one and splitting on "\n" would never find it.
        for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = String(decoding: raw.last == 0x0D ? raw.dropLast() : raw, as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                let fields = line.split(separator: " ", maxSplits: 2)
                guard fields.count >= 2, let status = Int(fields[1]) else { current = nil; continue }
                current = HTTPResponseHead(status: status, headers: [])
                last = current
            } else if line.isEmpty {
                current = nil
            } else if current != nil, let colon = line.firstIndex(of: ":") {
                let name = String(line[..<colon])
                let value = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
                current!.headers.append((name: name, value: value))
                last = current
            }
        }
        guard let last else { return nil }
        self = last
    }

    init(status: Int, headers: [(name: String, value: String)]) {
        self.status = status
        self.headers = headers
    }
}
