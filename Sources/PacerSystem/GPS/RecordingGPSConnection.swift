#if canImport(Glibc)
import Glibc
#endif
import PacerCore

/// A recorded NMEA file played back as if live: fixes are released at the pace of
/// their recorded times (`PlaybackSchedule`), `speedup` times faster, or (nil) at once.
final class RecordingGPSConnection: GPSConnection {
    private let descriptor: Int32
    private var decoder = NMEADecoder()
    private var schedule: PlaybackSchedule?
    private var pending: [(fix: GNSSFix, release: MonotonicInstant)] = []
    private var nextPending = 0
    private var atEndOfFile = false
    private var bytesRead = 0
    private var buffer = [UInt8](repeating: 0, count: 16_384)
    let readyInfo: GPSDeviceInfo?

    init(path: String, speedup: Double?) throws {
        // Non-blocking, and then only a regular file: a FIFO without a writer blocked open(2), and
        // a device or a FIFO would block every read, on the daemon's loop thread.
        let fd = try retryingEINTR("open") { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw GPSSourceSpecError("'\(path)' is not a regular file: a file: source plays a recording (a device is serial:)")
        }
        descriptor = fd
        schedule = speedup.map { PlaybackSchedule(speedup: $0) }
        readyInfo = GPSDeviceInfo(description: GPSSourceSpec.file(path: path, speedup: speedup).description)
    }

    deinit { close(descriptor) }

    var pollDescriptor: Int32 { -1 }
    var isFinished: Bool { atEndOfFile && nextPending == pending.count }

    var wakeup: MonotonicInstant? {
        // Nothing pending: wake at once to read more.
        nextPending < pending.count ? pending[nextPending].release : (atEndOfFile ? nil : MonotonicInstant(nanoseconds: 0))
    }

    var counters: GPSCounters {
        var c = GPSCounters()
        c[.bytesRead] = bytesRead
        c.add(decoder.counters)
        return c
    }

    func service(revents: Int16, now: MonotonicInstant, emit: (GNSSFix) -> Void) throws {
        if nextPending == pending.count, !atEndOfFile {
            pending.removeAll(keepingCapacity: true)
            nextPending = 0
            try readChunk(now: now)
        }
        while nextPending < pending.count, pending[nextPending].release <= now {
            emit(pending[nextPending].fix)
            nextPending += 1
        }
    }

    private func readChunk(now: MonotonicInstant) throws {
        let count = buffer.count
        let n = try buffer.withUnsafeMutableBytes { b in
            try retryingEINTR("read") { read(descriptor, b.baseAddress, count) }
        }
        bytesRead += n
        var decoded: [GNSSFix] = []
        if n == 0 {
            atEndOfFile = true
            decoder.finish { decoded.append($0) }
        } else {
            buffer.withUnsafeBytes { b in decoder.decode(UnsafeRawBufferPointer(rebasing: b[0..<n])) { decoded.append($0) } }
        }
        for fix in decoded {
            let release = schedule?.releaseInstant(timeOfDayMilliseconds: fix.timeOfDayMilliseconds, availableAt: now) ?? now
            pending.append((fix, release))
        }
    }
}
