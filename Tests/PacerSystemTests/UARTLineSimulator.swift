/// What a UART receiver set to `receiverRate` reads from a line driven at `senderRate`:
/// the sender's bytes as 8N1 frames (start 0, 8 data bits LSB first, stop 1, back to back),
/// sampled by a receiver that syncs on each falling edge and samples mid-bit at its own rate.
/// At equal rates the bytes come through; at any other rate they turn into the garbage
/// (and framing errors) a GPS at the wrong baud produces. Used to make autobaud on a pty,
/// which ignores line speeds, a meaningful test.
enum UARTLineSimulator {
    static func receive(_ bytes: [UInt8], senderRate: Int, receiverRate: Int) -> [UInt8] {
        if senderRate == receiverRate { return bytes }
        let bitsOnLine = bytes.count * 10
        // Line level at time t (seconds from the first start bit); idle (1) after the burst.
        func level(_ t: Double) -> UInt8 {
            let bit = Int((t * Double(senderRate)).rounded(.down))
            guard bit >= 0, bit < bitsOnLine else { return 1 }
            let frame = bit / 10, position = bit % 10
            switch position {
            case 0: return 0
            case 9: return 1
            default: return (bytes[frame] >> UInt8(position - 1)) & 1
            }
        }
        let senderBit = 1 / Double(senderRate), receiverBit = 1 / Double(receiverRate)
        let end = Double(bitsOnLine) * senderBit
        // Search for falling edges at a fine step (a sixteenth of the shorter bit, as UARTs oversample).
        let step = min(senderBit, receiverBit) / 16
        var out: [UInt8] = []
        var t = 0.0
        var previous: UInt8 = 1
        while t < end {
            let now = level(t)
            if previous == 1 && now == 0 {
                // Start bit found: sample its middle, then 8 data bits and the stop bit.
                guard level(t + receiverBit / 2) == 0 else { previous = now; t += step; continue }
                var byte: UInt8 = 0
                for i in 0..<8 where level(t + receiverBit * (1.5 + Double(i))) == 1 { byte |= 1 << UInt8(i) }
                out.append(byte) // a framing error (stop bit 0) still delivers the byte in raw mode
                t += receiverBit * 9.5
                previous = level(t)
                continue
            }
            previous = now
            t += step
        }
        return out
    }
}
