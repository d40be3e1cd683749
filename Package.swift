// swift-tools-version:6.0
import PackageDescription

/// Pacer: a training-data daemon for embedded Linux. No SwiftPM dependencies:
/// the toolchain and the system libraries libgps, libdbus-1 and libbluetooth only.
/// Release executables for a small board. The Swift runtime's C++ needs come from libstdc++.a (the
/// linker script in `link/` is found first for the toolchain's -lstdc++) instead of mapping all of
/// libstdc++.so, about 1 MB resident; and the executables' own symbols are not exported, as nothing
/// looks them up. Together: 0.9 MB less resident memory for pacerd (bench/daemon.sh).
let boardLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-L\(Context.packageDirectory)/link", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release)),
]

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
        // CGPS: gps.h only; libgps is dlopen()ed when a gpsd: source is used (LibGPS.swift).
        .systemLibrary(name: "CGPS", providers: [.apt(["libgps-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CBluetooth", pkgConfig: "bluez", providers: [.apt(["libbluetooth-dev"])]),
        // Linux calls Glibc's module does not import (signalfd, SO_PEERCRED, accept4), wrapped once.
        .target(name: "CLinux"),

        // Thin adapters: the only code that makes system calls.
        .target(name: "PacerSystem", dependencies: ["PacerCore", "CGPS", "CDBus", "CBluetooth", "CLinux"]),

        .executableTarget(name: "pacerd", dependencies: ["PacerCore", "PacerSystem"], linkerSettings: boardLinkerSettings),
        .executableTarget(name: "pacerctl", dependencies: ["PacerCore", "PacerSystem"], linkerSettings: boardLinkerSettings),
        // bench/gps-latency.sh's helper: pty -> GPS source latency, against gpsd.
        .executableTarget(name: "gps-latency", dependencies: ["PacerCore", "PacerSystem"]),

        .testTarget(name: "PacerCoreTests", dependencies: ["PacerCore"]),
        .testTarget(name: "PacerSystemTests", dependencies: ["PacerCore", "PacerSystem"]),
        .testTarget(name: "IntegrationTests", dependencies: ["PacerCore", "PacerSystem"]),
    ]
)
