import Foundation
import Glibc
@testable import PacerCore

/// A stand-in ANT stick on a real pty, in Swift (the arm64 test chroot has no python): answers
/// reset with startup and every other command with RESPONSE_NO_ERROR, then sends a heart-rate
/// page with extended data (device `number`) on each open channel every 50 ms. `answers: false`
/// makes a stick that reads but never answers.
final class FakeANTStick: @unchecked Sendable {
    let pty: PseudoTerminal
    let number: UInt16
    let answers: Bool
    private let lock = NSLock()
    private var stopped = false
    private var openChannels: Set<UInt8> = []
    private let done = DispatchSemaphore(value: 0)

    init(number: UInt16 = 4321, answers: Bool = true) throws {
        pty = try PseudoTerminal()
        self.number = number
        self.answers = answers
        let flags = fcntl(pty.master, F_GETFL)
        _ = fcntl(pty.master, F_SETFL, flags | O_NONBLOCK)
        Thread.detachNewThread { [self] in serve() }
    }

    /// Ends the thread and closes the pty (the reader sees the stick unplugged).
    func unplug() {
        lock.lock(); stopped = true; lock.unlock()
        done.wait()
        pty.close()
    }

    private func serve() {
        var framer = ANTFramer()
        var buffer = [UInt8](repeating: 0, count: 256)
        var beats: UInt8 = 0
        while true {
            lock.lock(); let stop = stopped; let open = openChannels; lock.unlock()
            if stop { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(pty.master, $0.baseAddress, $0.count) }
            if n > 0 {
                for frame in framer.frames(buffer[0..<n]) { if answers, let m = ANTMessage(frame) { answer(m) } }
            }
            beats &+= 1
            for ch in open.sorted() {
                let time = UInt16(beats) &* 410
                let page: [UInt8] = [4, 0xFF, 0xFF, 0xFF, UInt8(time & 0xFF), UInt8(time >> 8), beats, 150]
                let ext = ANTExtendedData(channelID: ANTChannelID(deviceNumber: number, deviceType: 120, transmissionType: 1),
                                          rssi: -55, rssiThreshold: -96)
                pty.write(ANTMessage.broadcastData(channel: ch, page: page, extended: ext).frame.bytes())
            }
            usleep(50_000)
        }
        done.signal()
    }

    private func answer(_ m: ANTMessage) {
        switch m {
        case .resetSystem:
            lock.lock(); openChannels = []; lock.unlock()
            pty.write(ANTMessage.startup(reason: 0x20).frame.bytes())
        case .requestMessage:
            break
        case .setNetworkKey(let network, _):
            pty.write(ANTMessage.channelEvent(channel: network, messageID: m.frame.id, code: .responseNoError).frame.bytes())
        default:
            // Only the heart-rate channel (device type 120) finds a device.
            if case .channelID(let ch, let id) = m, id.deviceType == 120 { lock.lock(); openChannels.insert(ch); lock.unlock() }
            if case .channelID(let ch, let id) = m, id.deviceType != 120 { lock.lock(); openChannels.remove(ch); lock.unlock() }
            pty.write(ANTMessage.channelEvent(channel: m.channel ?? 0, messageID: m.frame.id, code: .responseNoError).frame.bytes())
        }
    }
}
