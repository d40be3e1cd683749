/// `[altitude]`: where altitude and elevation gain come from, and the Linux IIO barometer;
/// `[elevation] dem`: a terrain model's tiles.
///
/// ```
/// [altitude]
/// source = auto        ; a barometer when one reports (BLE 0x181A or IIO), else the terrain model
///                      ; where its tiles cover the track, else GPS | gps | barometer | dem
/// iio = auto           ; auto (the first bmp280/bme280/bmp388/dps310/lps22... by name), none,
///                      ; a device name (bmp280) or a device folder (/sys/bus/iio/devices/iio:device0)
/// iio_root = /sys/bus/iio/devices
/// iio_rate_hz = 2      ; 1-4 readings a second, from pacerd's loop timer
/// [elevation]
/// dem = /var/lib/pacer/dem   ; SRTM .hgt tiles (N47E008.hgt, 1" or 3"): the ground's height along the
///                            ; track without a barometer, the barometer's offset with one
/// ```
public struct AltitudeSettings: Equatable, Sendable {
    public enum Source: String, Sendable, CaseIterable, CaseIterableNames {
        /// `dem`: the terrain model's heights even with a barometer (which is then only calibrated).
        case auto, gps, barometer, dem
        static var allNames: [String] { allCases.map(\.rawValue) }
    }

    public var source: Source = .auto
    /// "auto", "none", a driver name, or an absolute device folder.
    public var iioDevice = "auto"
    /// Where IIO devices are listed; tests point it at a folder of files (or `PACER_IIO_ROOT`).
    public var iioRoot = "/sys/bus/iio/devices"
    public var iioRateHertz: Double = 2
    /// `[elevation] dem`: the directory of SRTM tiles; nil: none.
    public var demDirectory: String?

    public init() {}
}

extension PacerConfig {
    mutating func applyAltitudeKey(key: String, parser p: ConfigValueParser) throws {
        switch key {
        case "source": altitude.source = try p.choice(AltitudeSettings.Source.self)
        case "iio": altitude.iioDevice = try p.nonEmpty()
        case "iio_root": altitude.iioRoot = try p.absolutePath()
        case "iio_rate_hz": altitude.iioRateHertz = try p.number(in: 1...4)
        default: throw ConfigValueProblem("unknown key")
        }
    }

    mutating func applyElevationKey(key: String, parser p: ConfigValueParser) throws {
        guard key == "dem" else { throw ConfigValueProblem("unknown key") }
        altitude.demDirectory = ["off", "no", "none"].contains(p.value.lowercased()) ? nil : try p.absolutePath()
    }
}
