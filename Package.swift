// swift-tools-version:6.0
import PackageDescription

/// Pacer: a training-data daemon for embedded Linux. No SwiftPM dependencies:
/// the toolchain and the system libraries libgps, libdbus-1 and libbluetooth only.
let package = Package(
    name: "Pacer",
    products: [
        .executable(name: "pacerd", targets: ["pacerd"]),
        .executable(name: "pacerctl", targets: ["pacerctl"]),
        .library(name: "PacerCore", targets: ["PacerCore"]),
    ],
    targets: [
        // Pure: no I/O, no clock, no logging. Everything that decides lives here.
        .target(name: "PacerCore"),

        // System library shims, each a module map over a shim header.
        .systemLibrary(name: "CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CBluetooth", pkgConfig: "bluez", providers: [.apt(["libbluetooth-dev"])]),
        // Linux calls Glibc's module does not import (signalfd, SO_PEERCRED, accept4), wrapped once.
        .target(name: "CLinux"),

        // Thin adapters: the only code that makes system calls.
        .target(name: "PacerSystem", dependencies: ["PacerCore", "CGPS", "CDBus", "CBluetooth", "CLinux"]),

        .executableTarget(name: "pacerd", dependencies: ["PacerCore", "PacerSystem"]),
        .executableTarget(name: "pacerctl", dependencies: ["PacerCore", "PacerSystem"]),
        // bench/gps-latency.sh's helper: pty -> GPS source latency, against gpsd.
        .executableTarget(name: "gps-latency", dependencies: ["PacerCore", "PacerSystem"]),

        .testTarget(name: "PacerCoreTests", dependencies: ["PacerCore"]),
        .testTarget(name: "PacerSystemTests", dependencies: ["PacerCore", "PacerSystem"]),
        .testTarget(name: "IntegrationTests", dependencies: ["PacerCore", "PacerSystem"]),
    ]
)
