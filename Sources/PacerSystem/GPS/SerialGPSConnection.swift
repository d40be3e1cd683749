#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// NMEA from a serial port: non-blocking reads straight into the decoder, at a
/// configured rate or with autobaud (fixes are withheld until a rate is locked).
final class SerialGPSConnection: GPSConnection {
    private let port: SerialPort
    private var decoder = NMEADecoder()
    private var autobaud: AutobaudSearch?
    private var closedCounters = GPSCounters()
    private var windowBytes = 0
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
    private(set) var readyInfo: GPSDeviceInfo?
    private(set) var wakeup: MonotonicInstant?

    /// Opens `path` at `baudRate`, or (nil) searches as `autobaudTemplate` says, starting with
    /// `preferredRate` (the rate found before a loss: the same receiver is likely back).
    init(path: String, baudRate: Int?, preferredRate: Int?, autobaudTemplate: AutobaudSearch, now: MonotonicInstant) throws {
        if let baudRate {
            port = try SerialPort(path: path, baudRate: baudRate)
            readyInfo = GPSDeviceInfo(description: "serial:\(path)@\(baudRate)", baudRate: baudRate)
        } else {
            let t = autobaudTemplate
            var rates = t.candidates
            if let preferredRate, let i = rates.firstIndex(of: preferredRate) { rates.remove(at: i); rates.insert(preferredRate, at: 0) }
            var search = AutobaudSearch(candidates: rates, requiredValidSentences: t.requiredValidSentences,
                                        garbageByteLimit: t.garbageByteLimit, windowSeconds: t.windowSeconds)
            port = try SerialPort(path: path, baudRate: search.currentRate)
            try port.flushInput()
            search.beginWindow(at: now)
            wakeup = now.advanced(bySeconds: search.windowSeconds)
            autobaud = search
        }
    }

    deinit { buffer.deallocate() }

    var pollDescriptor: Int32 { port.descriptor }
    var isFinished: Bool { false }

    var counters: GPSCounters {
        var c = closedCounters
        c.add(decoder.counters)
        c[.rejectedBaudRates] = autobaud?.rejectedRates ?? 0
        return c
    }

    func service(revents: Int16, now: MonotonicInstant, emit: (GNSSFix) -> Void) throws {
        do {
            try readAvailable(revents: revents, now: now, emit: emit)
        } catch {
            // The last epoch was complete on the wire: deliver it before reporting the loss.
            if readyInfo != nil { decoder.finish(emit: emit) }
            throw error
        }
    }

    private func readAvailable(revents: Int16, now: MonotonicInstant, emit: (GNSSFix) -> Void) throws {
        var readSomething = false
        // Bounded so that a flood cannot starve the loop's stop pipe and timers.
        reading: for _ in 0..<64 {
            let result: SerialPort.ReadResult
            do { result = try port.read(into: buffer) } catch { throw GPSDeviceLost("\(error)") }
            switch result {
            case .bytes(let n):
                readSomething = true
                closedCounters[.bytesRead] += n
                windowBytes += n
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
                if readyInfo != nil {
                    decoder.decode(chunk, emit: emit)
                } else {
                    decoder.decode(chunk) { _ in }
                }
                if n < buffer.count { break reading }
            case .wouldBlock:
                break reading
            case .endOfFile:
                throw GPSDeviceLost("end of file (the device hung up)")
            }
        }
        if !readSomething, revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            throw GPSDeviceLost("the device hung up")
        }
        if readyInfo == nil { try advanceAutobaud(now: now) }
    }

    private func advanceAutobaud(now: MonotonicInstant) throws {
        guard var search = autobaud else { return }
        let c = decoder.counters
        let decision = search.observe(validSentences: c[.sentences] - c[.badChecksums], bytes: windowBytes, at: now)
        switch decision {
        case .listen(let until):
            wakeup = until
        case .locked(let rate):
            wakeup = nil
            readyInfo = GPSDeviceInfo(description: "serial:\(port.path)@\(rate)", baudRate: rate)
        case .tryRate(let rate):
            do {
                try port.setBaudRate(rate)
                try port.flushInput()
            } catch {
                throw GPSDeviceLost("\(error)")
            }
            closedCounters.add(decoder.counters)
            decoder = NMEADecoder()
            windowBytes = 0
            search.beginWindow(at: now)
            wakeup = now.advanced(bySeconds: search.windowSeconds)
        }
        autobaud = search
    }
}
