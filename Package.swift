// swift-tools-version:6.0
import PackageDescription

// Module map: the folders under Sources/ are the layers (README.md, "How it is laid out", says what
// each module holds; LayerBoundaryTests checks that imports follow it). Each target names its path.
//   Core/       SwivelVocabulary (the shared words and wire values; one error-code table), SwivelCore (motion
//               planning, limiter, animations, rate limits, tracking: no I/O, time is an input; re-exports
//               the vocabulary), SwivelProtocol (the wire codec, on the vocabulary alone), SwivelBoard (the
//               board-file loader, on the vocabulary; it reads its file through SwivelPOSIX)
//   Platform/   SwivelSync (PIMutex), SwivelPOSIX + CSwivelPOSIX (the one POSIX layer: threads, clocks,
//               FileDescriptor and Poll, the one EINTR loop and Errno), SwivelPorts (serial, ptys, sockets)
//   Hardware/   SwivelHardware: the seams (lines, edges, PWM, I2C, byte devices, clocks), the drivers
//               written against them, in-memory parts
//   Runtime/    SwivelLoop (the real-time loop thread), SwivelStand (the engine the loop ticks; imports no
//               backend: StandHardware is what a backend hands it), SwivelAccessories (buttons, batteries),
//               SwivelLink (host sessions, the link thread, tracking), SwivelRuntime (scenes, the simulated
//               camera; re-exports the four above)
//   Backends/   Linux: SwivelLinux + CSwivelGPIO + CGPIOD (libgpiod, sysfs PWM, i2c-dev), SwivelLinuxBackend
//               (a board's StandHardware on them); Sim: SwivelSim (the physical model), SwivelSimBackend (the
//               same drives on mock lines wired to the model, VirtualStand); swiveld picks one by the board
//   Host/       SwivelKit (the session client, Swivel's names), SwivelDockKit (DockKit's API over it)
//   Tools/      swiveld, swivelctl, swivel-bench + SwivelSceneBench, swivel-fuzz, swivel-soak,
//               swivel-busservo-packets, swivel-part-packets, SwivelToolSupport (for the tools only)
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Math in the pure targets comes from libm; nothing else imports Glibc for them.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "Swivel",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "swiveld", targets: ["swiveld"]),
        .executable(name: "swivelctl", targets: ["swivelctl"]),
        .library(name: "SwivelCore", targets: ["SwivelCore"]),
        .library(name: "SwivelKit", targets: ["SwivelKit"]),
        .library(name: "SwivelDockKit", targets: ["SwivelDockKit"]),
    ],
    targets: [
        .target(name: "SwivelVocabulary", path: "Sources/Core/SwivelVocabulary", swiftSettings: strict, linkerSettings: libm),
        .target(name: "SwivelCore", dependencies: ["SwivelVocabulary"], path: "Sources/Core/SwivelCore", swiftSettings: strict, linkerSettings: libm),
        .target(name: "SwivelSync", path: "Sources/Platform/SwivelSync", swiftSettings: strict),
        // glibc's GNU extensions (affinity, thread names and stacks, ppoll), compiled with _GNU_SOURCE.
        .target(name: "CSwivelPOSIX", path: "Sources/Platform/CSwivelPOSIX"),
        .target(name: "SwivelPOSIX", dependencies: ["CSwivelPOSIX", "SwivelSync"], path: "Sources/Platform/SwivelPOSIX", swiftSettings: strict),
        .target(
            name: "SwivelHardware", dependencies: ["SwivelVocabulary", "SwivelSync", "SwivelPOSIX", "SwivelPorts"], path: "Sources/Hardware/SwivelHardware", swiftSettings: strict,
            linkerSettings: libm),
        .target(name: "SwivelSim", dependencies: ["SwivelHardware"], path: "Sources/Backends/Sim/SwivelSim", swiftSettings: strict, linkerSettings: libm),
        .target(name: "SwivelBoard", dependencies: ["SwivelVocabulary", "SwivelPOSIX"], path: "Sources/Core/SwivelBoard", swiftSettings: strict),
        .target(name: "SwivelProtocol", dependencies: ["SwivelVocabulary"], path: "Sources/Core/SwivelProtocol", swiftSettings: strict),
        .target(name: "SwivelPorts", dependencies: ["SwivelPOSIX"], path: "Sources/Platform/SwivelPorts", swiftSettings: strict),
        .systemLibrary(
            name: "CGPIOD",
            path: "Sources/Backends/Linux/CGPIOD", pkgConfig: "libgpiod",
            providers: [.apt(["libgpiod-dev"])]
        ),
        .target(
            name: "CSwivelGPIO",
            dependencies: [.target(name: "CGPIOD", condition: .when(platforms: [.linux]))], path: "Sources/Backends/Linux/CSwivelGPIO"),
        .target(
            name: "SwivelLinux",
            dependencies: [
                "SwivelHardware", "SwivelPOSIX",
                .target(name: "CSwivelGPIO", condition: .when(platforms: [.linux])),
            ],
            path: "Sources/Backends/Linux/SwivelLinux", swiftSettings: strict
        ),
        // The Linux backend: a board's stand hardware and accessories on SwivelLinux's devices, the step thread's policy.
        .target(
            name: "SwivelLinuxBackend",
            dependencies: [
                "SwivelStand", "SwivelAccessories", "SwivelLinux", "SwivelLoop", "SwivelBoard", "SwivelHardware", "SwivelPOSIX",
            ],
            path: "Sources/Backends/Linux/SwivelLinuxBackend", swiftSettings: strict
        ),
        // The simulated backend: a board's stand hardware on mock lines wired to SwivelSim's model, each motor
        // type's simulation, the simulated accessories, and the stand in virtual time (VirtualStand).
        .target(
            name: "SwivelSimBackend",
            dependencies: [
                "SwivelStand", "SwivelAccessories", "SwivelSim", "SwivelCore", "SwivelBoard", "SwivelHardware", "SwivelPorts", "SwivelPOSIX",
                "SwivelSync",
            ],
            path: "Sources/Backends/Sim/SwivelSimBackend", swiftSettings: strict
        ),
        .target(name: "SwivelLoop", dependencies: ["SwivelHardware", "SwivelPOSIX", "SwivelSync"], path: "Sources/Runtime/SwivelLoop", swiftSettings: strict),
        .target(
            name: "SwivelStand",
            dependencies: [
                "SwivelLoop", "SwivelCore", "SwivelSync", "SwivelHardware", "SwivelBoard", "SwivelPOSIX",
            ],
            path: "Sources/Runtime/SwivelStand", swiftSettings: strict
        ),
        .target(
            name: "SwivelAccessories",
            dependencies: ["SwivelBoard", "SwivelHardware", "SwivelProtocol"],
            path: "Sources/Runtime/SwivelAccessories", swiftSettings: strict
        ),
        .target(
            name: "SwivelLink",
            dependencies: [
                "SwivelLoop", "SwivelStand", "SwivelAccessories", "SwivelCore", "SwivelSync", "SwivelHardware", "SwivelBoard", "SwivelProtocol",
                "SwivelPorts", "SwivelPOSIX",
            ],
            path: "Sources/Runtime/SwivelLink", swiftSettings: strict
        ),
        .target(
            name: "SwivelRuntime",
            dependencies: [
                "SwivelLoop", "SwivelStand", "SwivelAccessories", "SwivelLink", "SwivelCore", "SwivelHardware", "SwivelBoard", "SwivelProtocol",
                "SwivelPorts", "SwivelPOSIX",
            ],
            path: "Sources/Runtime/SwivelRuntime", swiftSettings: strict
        ),
        .target(
            name: "SwivelKit", dependencies: ["SwivelVocabulary", "SwivelCore", "SwivelSync", "SwivelProtocol", "SwivelPorts", "SwivelPOSIX"],
            path: "Sources/Host/SwivelKit", swiftSettings: strict),
        // A host library: it imports the toolchain's Foundation (CGRect, Measurement, Progress), which the firmware never does.
        .target(name: "SwivelDockKit", dependencies: ["SwivelKit", "SwivelSync"], path: "Sources/Host/SwivelDockKit", swiftSettings: strict),
        .executableTarget(name: "swiveld", dependencies: ["SwivelRuntime", "SwivelLinuxBackend", "SwivelSimBackend", "SwivelPOSIX"], path: "Sources/Tools/swiveld", swiftSettings: strict),
        // Its command-line parser lives here, not in the host library apps link.
        .executableTarget(name: "swivelctl", dependencies: ["SwivelKit", "SwivelCore", "SwivelProtocol", "SwivelPOSIX"], path: "Sources/Tools/swivelctl", swiftSettings: strict),
        // What the three tools below share (Glibc, no Foundation). No firmware target depends on it.
        .target(name: "SwivelToolSupport", dependencies: ["SwivelPOSIX"], path: "Sources/Tools/SwivelToolSupport", swiftSettings: strict),
        // The bus servo codecs' packets, for the Python test against the vendors' SDKs.
        .executableTarget(name: "swivel-busservo-packets", dependencies: ["SwivelHardware"], path: "Sources/Tools/swivel-busservo-packets", swiftSettings: strict),
        // The PCA9685, Pan-Tilt HAT and TMC2209 codecs' writes, for the Python test against the vendors' libraries.
        .executableTarget(name: "swivel-part-packets", dependencies: ["SwivelHardware"], path: "Sources/Tools/swivel-part-packets", swiftSettings: strict),
        // `make bench`: measures, never asserts; not part of `make test`.
        // Scene runs against baselines (naive, alpha-beta), their metrics and plots: the bench's and the tests', never the daemon's.
        .target(name: "SwivelSceneBench", dependencies: ["SwivelRuntime", "SwivelSimBackend", "SwivelCore", "SwivelBoard", "SwivelHardware", "SwivelProtocol"], path: "Sources/Tools/SwivelSceneBench", swiftSettings: strict),
        .executableTarget(
            name: "swivel-bench", dependencies: ["SwivelRuntime", "SwivelLinuxBackend", "SwivelSimBackend", "SwivelSceneBench", "SwivelKit", "SwivelToolSupport", "SwivelPOSIX"],
            path: "Sources/Tools/swivel-bench", swiftSettings: strict),
        // `make fuzz` and `make soak` (docs/RELIABILITY.md). Compiled by `make test` too, so they never
        // rot: built normally, swivel-fuzz replays inputs; `make fuzz` builds it with libFuzzer.
        .executableTarget(
            name: "swivel-fuzz", dependencies: ["SwivelRuntime", "SwivelSimBackend", "SwivelProtocol", "SwivelBoard", "SwivelCore", "SwivelHardware", "SwivelToolSupport", "SwivelPOSIX"],
            path: "Sources/Tools/swivel-fuzz", swiftSettings: strict),
        .executableTarget(
            name: "swivel-soak", dependencies: ["SwivelProtocol", "SwivelPorts", "SwivelBoard", "SwivelCore", "SwivelToolSupport", "SwivelPOSIX"], path: "Sources/Tools/swivel-soak", swiftSettings: strict),
        // What several test targets share: threads, subprocesses and temporary directories; the motion
        // controller driven tick by tick and the seeded generator (the core's two targets); the GPIO
        // log's pulse readings and one simulated stepper axis (the hardware's three).
        .target(
            name: "SwivelTestSupport", dependencies: ["SwivelPOSIX", "SwivelCore", "SwivelHardware", "SwivelSim"],
            path: "Tests/SwivelTestSupport", swiftSettings: strict),
        .testTarget(name: "SwivelPOSIXTests", dependencies: ["SwivelPOSIX", "SwivelTestSupport"], swiftSettings: strict),
        .testTarget(name: "SwivelSyncTests", dependencies: ["SwivelSync", "SwivelTestSupport"], swiftSettings: strict),
        // SwivelCore in two: motion (controller, limiter, trajectories, animations, homing, faults, limits)
        // and tracking (camera geometry, subject selection and estimation, the tracking controller).
        .testTarget(name: "SwivelCoreTests", dependencies: ["SwivelCore", "SwivelTestSupport"], swiftSettings: strict),
        .testTarget(name: "SwivelCoreTrackingTests", dependencies: ["SwivelCore", "SwivelTestSupport"], swiftSettings: strict),
        // SwivelHardware in two: the drivers on GPIO lines and PWM, encoders, the in-memory parts, clocks
        // and the step thread; and the parts on a bus (bus servos, TMC2209, PCA9685, Pan-Tilt HAT).
        .testTarget(name: "SwivelHardwareTests", dependencies: ["SwivelHardware", "SwivelTestSupport"], swiftSettings: strict),
        .testTarget(name: "SwivelHardwareBusTests", dependencies: ["SwivelHardware", "SwivelTestSupport"], swiftSettings: strict),
        // SwivelSim: the simulated motors and the stand's physical model.
        .testTarget(name: "SwivelSimTests", dependencies: ["SwivelSim", "SwivelHardware", "SwivelTestSupport"], swiftSettings: strict),
        .testTarget(name: "SwivelBoardTests", dependencies: ["SwivelBoard"], swiftSettings: strict),
        // SwivelLoop: the real-time loop thread, its privileges and statistics.
        .testTarget(
            name: "SwivelLoopTests",
            dependencies: ["SwivelLoop", "SwivelHardware", "SwivelPOSIX", "SwivelTestSupport"],
            swiftSettings: strict),
        // SwivelStand: the engine on the simulated stand (modes, commands, homing, first motion, idle release,
        // the caps at the outputs) ...
        .testTarget(
            name: "SwivelStandTests",
            dependencies: [
                "SwivelStand", "SwivelSimBackend", "SwivelLoop", "SwivelLink", "SwivelRuntime", "SwivelCore", "SwivelBoard", "SwivelHardware",
                "SwivelProtocol", "SwivelStandHarness", "SwivelTestSupport",
            ],
            swiftSettings: strict),
        // ... and its motor drives, one per part, with their step timing.
        .testTarget(
            name: "SwivelStandDriveTests",
            dependencies: [
                "SwivelStand", "SwivelLoop", "SwivelLink", "SwivelCore", "SwivelBoard", "SwivelHardware", "SwivelSim", "SwivelLinux",
                "SwivelLinuxBackend", "SwivelSimBackend", "SwivelStandHarness",
            ],
            swiftSettings: strict),
        // SwivelAccessories: buttons and batteries through the hub.
        .testTarget(
            name: "SwivelAccessoriesTests",
            dependencies: [
                "SwivelAccessories", "SwivelStand", "SwivelSimBackend", "SwivelLoop", "SwivelLink", "SwivelBoard", "SwivelHardware", "SwivelProtocol",
                "SwivelStandHarness",
            ],
            swiftSettings: strict),
        // SwivelLink: the hub and its sessions, tracking, device identity, the serial link, the console.
        .testTarget(
            name: "SwivelLinkTests",
            dependencies: [
                "SwivelLink", "SwivelStand", "SwivelSimBackend", "SwivelLoop", "SwivelCore", "SwivelBoard", "SwivelHardware", "SwivelProtocol",
                "SwivelPorts", "SwivelPOSIX", "SwivelStandHarness", "SwivelTestSupport",
            ],
            swiftSettings: strict),
        // SwivelRuntime: scenes, the simulated camera and the closed loop through them.
        .testTarget(
            name: "SwivelRuntimeTests",
            dependencies: [
                "SwivelRuntime", "SwivelLoop", "SwivelStand", "SwivelSimBackend", "SwivelAccessories", "SwivelLink", "SwivelSceneBench", "SwivelCore",
                "SwivelBoard", "SwivelHardware", "SwivelProtocol", "SwivelStandHarness",
            ],
            swiftSettings: strict),
        // The built swiveld (and swivel-fuzz), started as a process over ptys and sockets.
        .testTarget(
            name: "SwivelDaemonTests",
            dependencies: [
                "SwivelBoard", "SwivelCore", "SwivelHardware", "SwivelPorts", "SwivelProtocol", "SwivelStandHarness", "SwivelTestSupport",
            ],
            swiftSettings: strict),
        .testTarget(name: "SwivelLinuxTests", dependencies: ["SwivelLinux", "SwivelPOSIX"], swiftSettings: strict),
        .testTarget(name: "SwivelProtocolTests", dependencies: ["SwivelProtocol", "SwivelVocabulary"], swiftSettings: strict),
        // swivelctl's parser, help and session notes, without a stand.
        .testTarget(name: "SwivelctlTests", dependencies: ["swivelctl", "SwivelKit", "SwivelProtocol"], swiftSettings: strict),
        .testTarget(name: "SwivelPortsTests", dependencies: ["SwivelPorts", "SwivelTestSupport"], swiftSettings: strict),
        // The harness's own checks: the soak's cap checker and the fuzz targets can fail, and pass the seeds.
        .testTarget(name: "SwivelHarnessTests", dependencies: ["swivel-fuzz", "swivel-soak"], swiftSettings: strict),
        // The simulated stand in-process (the real LinkHub over a VirtualStand) and SwivelKit docked to it, on its virtual time;
        // the hub beside a virtual stand with scripted hosts (LinkHarness), a raw protocol host, the shipped boards.
        .target(
            name: "SwivelStandHarness",
            dependencies: [
                "SwivelKit", "SwivelRuntime", "SwivelStand", "SwivelSimBackend", "SwivelLink", "SwivelBoard", "SwivelProtocol", "SwivelPorts",
                "SwivelPOSIX", "SwivelTestSupport",
            ],
            path: "Tests/SwivelStandHarness", swiftSettings: strict),
        // End to end: SwivelKit and swivelctl against the runtime on the simulated stand.
        .testTarget(
            name: "SwivelKitTests", dependencies: ["SwivelKit", "SwivelRuntime", "SwivelTestSupport", "SwivelStandHarness"],
            swiftSettings: strict),
        // The DockKit guide's samples, with only their import changed, against the simulated stand.
        .testTarget(
            name: "SwivelDockKitSampleTests", dependencies: ["SwivelDockKit", "SwivelKit", "SwivelProtocol", "SwivelStandHarness", "SwivelTestSupport"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
