#if canImport(Glibc)
import Glibc
#endif

/// Finds an ANT USB stick among the ttys through sysfs: the kernel's `usb-serial-simple` driver
/// makes a Garmin/Dynastream ANT USB2 (0fcf:1008) or USB-m (0fcf:1009) a `ttyUSBn`, whose USB
/// device (`/sys/class/tty/ttyUSBn/device/../..`) names its vendor and product. The root is a
/// parameter so that tests give a synthetic tree.
public enum ANTStickFinder {
    /// USB vendor and product ids of the ANT sticks (lower-case hex, as sysfs writes them).
    public static let usbIDs: [(vendor: String, product: String)] = [("0fcf", "1008"), ("0fcf", "1009")]

    /// The name (`ttyUSB0`) of the first tty, in numeric order, that is an ANT stick; nil when none is.
    public static func find(sysfsRoot: String = "/sys") -> String? {
        let dir = sysfsRoot + "/class/tty"
        guard let names = try? DirectoryEntries.names(in: dir) else { return nil }
        let candidates = names.filter { $0.hasPrefix("ttyUSB") || $0.hasPrefix("ttyACM") }.sorted(by: numericOrder)
        return candidates.first { isANTStick(dir + "/" + $0 + "/device/../..") }
    }

    static func isANTStick(_ usbDevice: String) -> Bool {
        guard let vendor = attribute(usbDevice + "/idVendor"), let product = attribute(usbDevice + "/idProduct") else { return false }
        return usbIDs.contains { $0.vendor == vendor && $0.product == product }
    }

    private static func attribute(_ path: String) -> String? {
        guard let text = try? FileByteSource.readText(path, limit: 64) else { return nil }
        return String(text.filter { !$0.isWhitespace }).lowercased()
    }

    /// ttyUSB2 before ttyUSB10.
    private static func numericOrder(_ a: String, _ b: String) -> Bool {
        let (pa, na) = split(a)
        let (pb, nb) = split(b)
        return pa != pb ? pa < pb : na < nb
    }

    private static func split(_ name: String) -> (String, Int) {
        let digits = name.reversed().prefix { $0.isNumber }
        return (String(name.dropLast(digits.count)), Int(String(digits.reversed())) ?? 0)
    }
}
