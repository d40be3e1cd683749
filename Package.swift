// swift-tools-version:6.0
import PackageDescription

/// Release executables for a small board (bench/daemon.sh measures the effect, about 1.6 MB resident):
/// - the Swift runtime's C++ needs come from libstdc++.a (the linker script in `link/` is found first
///   for the toolchain's -lstdc++) instead of mapping all of libstdc++.so;
/// - the executables' own symbols are not exported: nothing looks them up;
/// - lld packs the position-independent executable's relocations (DT_RELR, glibc 2.36 as in Debian 12),
///   so the loader reads a few KB instead of 450 KB of them, and ASLR is kept.
let boardLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-L\(Context.packageDirectory)/link", "-Xlinker", "--no-export-dynamic",
                  "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(configuration: .release)),
]

/// pacerd's release link puts the functions it runs while recording next to each other, in the order
/// `link/pacerd.order` gives (`scripts/order-file` writes it from a callgrind run of the daemon
/// benchmark). Where the compiler leaves them, the functions of one epoch lie on about 190 pages of
/// text, which miss the TLB and the caches anew every tenth of a second; packed, they lie on about
/// 65, and pacerd uses about a sixth less CPU (bench/daemon.sh). Each function needs a section of
/// its own for the linker to move it, which the Swift compiler gives only when asked. Names the code
/// no longer has are skipped without a word: a stale list costs speed, never correctness.
let hotPathSwiftSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
]
let daemonLinkerSettings = boardLinkerSettings + [
    .unsafeFlags(["-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/link/pacerd.order",
                  "-Xlinker", "--no-warn-symbol-ordering"], .when(configuration: .release)),
]

/// libdbus's header directories, given by hand: pkg-config would also hand every executable -ldbus-1 (and,
/// through it, libsystemd and six more libraries), which CLazyLibraries exists to avoid. One of them is the
/// target's multiarch folder. A manifest's `#if arch()` sees the machine that builds, not the target, so a
/// cross build (scripts/cross-build) names its target in PACER_MULTIARCH.
#if arch(arm64)
let buildMachineMultiarch = "aarch64-linux-gnu"
#elseif arch(arm)
let buildMachineMultiarch = "arm-linux-gnueabihf"
#else
let buildMachineMultiarch = "x86_64-linux-gnu"
#endif
let multiarch = Context.environment["PACER_MULTIARCH"] ?? buildMachineMultiarch
let dbusHeaders = ["-I/usr/include/dbus-1.0", "-I/usr/lib/\(multiarch)/dbus-1.0/include"]

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
        .target(name: "PacerCore", swiftSettings: hotPathSwiftSettings),

        // System library shims, each a module map over a shim header.
        // CGPS: gps.h only; libgps is dlopen()ed when a gpsd: source is used (LibGPS.swift).
        .systemLibrary(name: "CGPS", providers: [.apt(["libgps-dev"])]),
        .systemLibrary(name: "CDBus", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CBluetooth", providers: [.apt(["libbluetooth-dev"])]),
        // Linux calls Glibc's module does not import (signalfd, SO_PEERCRED, accept4), wrapped once.
        .target(name: "CLinux"),
        // libdbus-1 and libbluetooth bound at first use (CLazyLibraries.h says why); CDBus and CBluetooth
        // give it, and Swift, the headers.
        .target(name: "CLazyLibraries", dependencies: ["CDBus", "CBluetooth"], cSettings: [.unsafeFlags(dbusHeaders)]),

        // Thin adapters: the only code that makes system calls.
        // libdbus's headers are seen only by PacerSystem's DBus/ folder, whose imports of CDBus are
        // implementation-only: no module that imports PacerSystem (tests included) needs them.
        .target(name: "PacerSystem", dependencies: ["PacerCore", "CGPS", "CDBus", "CBluetooth", "CLazyLibraries", "CLinux"],
                swiftSettings: [.unsafeFlags(dbusHeaders.flatMap { ["-Xcc", $0] })] + hotPathSwiftSettings),

        .executableTarget(name: "pacerd", dependencies: ["PacerCore", "PacerSystem"], swiftSettings: hotPathSwiftSettings,
                          linkerSettings: daemonLinkerSettings),
        .executableTarget(name: "pacerctl", dependencies: ["PacerCore", "PacerSystem"], linkerSettings: boardLinkerSettings),
        // bench/gps-latency.sh's helper: pty -> GPS source latency, against gpsd.
        .executableTarget(name: "gps-latency", dependencies: ["PacerCore", "PacerSystem"]),
        // bench/terrain.sh's helper: ns per terrain elevation lookup over a DEM directory.
        .executableTarget(name: "terrain-bench", dependencies: ["PacerCore", "PacerSystem"]),

        .testTarget(name: "PacerCoreTests", dependencies: ["PacerCore"]),
        .testTarget(name: "PacerSystemTests", dependencies: ["PacerCore", "PacerSystem"]),
        .testTarget(name: "IntegrationTests", dependencies: ["PacerCore", "PacerSystem"]),
    ]
)
