import Foundation

/// Test receivers' output: `body` framed as a sentence, `$BODY*CS\r\n`, with its XOR checksum.
enum NMEASentence {
    static func framed(_ body: String) -> [UInt8] {
        let checksum = body.utf8.reduce(UInt8(0), ^)
        return Array("$\(body)*\(String(format: "%02X", checksum))\r\n".utf8)
    }
}
