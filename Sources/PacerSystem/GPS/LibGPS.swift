#if canImport(Glibc)
import Glibc
#endif
import CGPS
import Synchronization

/// libgps's client calls, bound with dlopen(3) the first time a gpsd session is opened.
///
/// Linking libgps would map it, and the libstdc++ it depends on, into every pacerd, while most boards
/// read their receiver on a serial port: on a Pi that is about a megabyte of resident memory for nothing.
/// The soname is the one the compiled-in `gps_data_t` layout belongs to (see `CGPS/shim.h`).
struct LibGPS: @unchecked Sendable {
    typealias Data = UnsafeMutablePointer<gps_data_t>
    typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, Data?) -> Int32
    typealias Close = @convention(c) (Data?) -> Int32
    typealias Read = @convention(c) (Data?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    typealias Waiting = @convention(c) (UnsafePointer<gps_data_t>?, Int32) -> Bool
    typealias Stream = @convention(c) (Data?, UInt32, UnsafeMutableRawPointer?) -> Int32
    typealias ErrorString = @convention(c) (Int32) -> UnsafePointer<CChar>?

    let open: Open
    let close: Close
    let read: Read
    let waiting: Waiting
    let stream: Stream
    let errorString: ErrorString

    /// The library, or why it could not be loaded (reported as a lost device and retried with the
    /// device's backoff, so installing libgps while pacerd runs is enough).
    static func load() throws -> LibGPS {
        try cache.withLock { cached in
            if let cached { return cached }
            guard let handle = dlopen(PACER_LIBGPS_SONAME, RTLD_NOW | RTLD_LOCAL) else {
                throw GPSDeviceLost("cannot load \(PACER_LIBGPS_SONAME) (is libgps installed?): \(lastError())")
            }
            func symbol<F>(_ name: String, _ type: F.Type) throws -> F {
                guard let address = dlsym(handle, name) else {
                    throw GPSDeviceLost("\(PACER_LIBGPS_SONAME) has no \(name): \(lastError())")
                }
                return unsafeBitCast(address, to: type)
            }
            let library = try LibGPS(open: symbol("gps_open", Open.self), close: symbol("gps_close", Close.self),
                                     read: symbol("gps_read", Read.self), waiting: symbol("gps_waiting", Waiting.self),
                                     stream: symbol("gps_stream", Stream.self),
                                     errorString: symbol("gps_errstr", ErrorString.self))
            cached = library
            return library
        }
    }

    private static let cache = Mutex<LibGPS?>(nil)

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown error"
    }
}
