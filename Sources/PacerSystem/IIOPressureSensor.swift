#if canImport(Glibc)
import Glibc
#endif

/// A Linux IIO pressure sensor (BMP280, BME280, BMP388, DPS310, LPS22... through the kernel's
/// drivers): `in_pressure_input` in kPa and `in_temp_input` in milli-degC under
/// `/sys/bus/iio/devices/iio:deviceN/`, found by its `name` file. Reading is a few small
/// reads of sysfs files, cheap enough for the daemon's loop at 1-4 Hz (no thread).
public final class IIOPressureSensor {
    /// Driver names (the `name` file) of pressure sensors, as the kernel's IIO drivers spell them.
    public static let knownNames: Set<String> = [
        "bmp085", "bmp180", "bmp280", "bme280", "bmp380", "bmp388", "bmp390", "bmp580", "bmp581",
        "dps310", "dps368", "lps001wp", "lps22df", "lps22hb", "lps22hh", "lps25h", "lps331ap", "lps33hw", "lps35hw",
        "ms5611", "ms5607", "ms5637", "ms5803", "mpl115", "mpl3115", "hp03", "hp206c", "icp10100", "zpa2326",
        "abp060mg", "mprls0025pa", "sdp500",
    ]

    /// The device folder, e.g. `/sys/bus/iio/devices/iio:device0`.
    public let directory: String
    /// Its `name` file (the driver).
    public let name: String
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)

    public init(directory: String) throws {
        self.directory = directory
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)
        defer { buffer.deallocate() }
        guard let n = IIOPressureSensor.readSmall(directory + "/name", into: buffer) else {
            throw SystemError("open \(directory)/name", errno: errno)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self)
        name = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
    }

    deinit { buffer.deallocate() }

    /// The sensor `setting` names under `root`: "auto" (the first device, in name order, whose
    /// driver is a known pressure sensor and that has a pressure file), a driver name, or an
    /// absolute device folder. Nil when there is none.
    public static func find(root: String, setting: String) -> IIOPressureSensor? {
        if setting.hasPrefix("/") { return try? IIOPressureSensor(directory: setting) }
        guard let entries = (try? DirectoryEntries.names(in: root))?.filter({ $0.hasPrefix("iio:device") }) else { return nil }
        for entry in entries.sorted(by: { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }) {
            guard let sensor = try? IIOPressureSensor(directory: root + "/" + entry) else { continue }
            let wanted = setting == "auto" ? knownNames.contains(sensor.name) : sensor.name == setting
            if wanted, access(sensor.directory + "/in_pressure_input", R_OK) == 0 { return sensor }
        }
        return nil
    }

    /// One reading: pressure in Pa and, when the device has one, temperature in degC. Nil when
    /// the pressure file cannot be read or does not hold a number (the caller counts it).
    public func read() -> (pascals: Double, celsius: Double?)? {
        guard let kilopascals = number(directory + "/in_pressure_input"), kilopascals.isFinite, kilopascals > 0 else { return nil }
        let celsius = number(directory + "/in_temp_input").map { $0 / 1000 }
        return (kilopascals * 1000, celsius)
    }

    private func number(_ path: String) -> Double? {
        guard let n = IIOPressureSensor.readSmall(path, into: buffer) else { return nil }
        var end = n
        while end > 0, let c = Optional(buffer[end - 1]), c == 10 || c == 32 || c == 13 { end -= 1 }
        return Double(String(decoding: UnsafeRawBufferPointer(rebasing: buffer[0..<end]), as: UTF8.self))
    }

    /// Reads a sysfs attribute (open(2), read(2), close(2)); nil on any error.
    private static func readSmall(_ path: String, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let fd = try? retryingEINTR("open", { open(path, O_RDONLY | O_CLOEXEC) }) else { return nil }
        defer { _ = close(fd) }
        guard let n = try? retryingEINTR("read", { Glibc.read(fd, buffer.baseAddress, buffer.count) }) else { return nil }
        return n
    }
}
