#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelPOSIX
import SwivelRuntime
import SwivelToolSupport

/// swivel-fuzz's command line, the same in both of its builds. Built by
/// `make fuzz` (`-sanitize=fuzzer`, `SWIVEL_FUZZ` defined) it is a libFuzzer
/// binary: libFuzzer's `main` runs and its flags follow the target name. Built
/// like everything else (`make test` compiles it) it replays inputs, so a
/// crash libFuzzer kept can be rerun in a debugger without the fuzz build.
enum FuzzMain {
    static let usage = """
        usage: swivel-fuzz TARGET [FILE|DIR ...]   replay inputs through TARGET (the fuzz build: libFuzzer's
                                                   flags and corpus directories instead)
               swivel-fuzz seed PROTOCOL.md DIR    write the seed corpus: DIR/<target>/<vector name>
        targets:
        \(FuzzTarget.allCases.map { "  \($0.rawValue.padding(9))\($0.summary)" }.joined(separator: "\n"))
        environment (hub):
          SWIVEL_FUZZ_BOARD     the board the virtual stand runs (default boards/sim.json5)
          SWIVEL_FUZZ_PROMISES  what is checked besides traps: all (default), none, or a list of
                                caps,replies,telemetry
          SWIVEL_FUZZ_TRACE=1   print every op, frame and reply (to read a reproducer)
        """

    static let exitUsage: Int32 = 64

    nonisolated(unsafe) static var target: FuzzTarget?

    /// Selects `name` and loads what it needs; nil and a message when it cannot.
    static func prepare(_ name: String) -> String? {
        guard let selected = FuzzTarget(rawValue: name) else { return "unknown target '\(name)'" }
        if selected == .hub {
            let environment = ProcessEnvironment.self
            HubRig.tracing = environment.value("SWIVEL_FUZZ_TRACE") == "1"
            let path = environment.value("SWIVEL_FUZZ_BOARD") ?? "boards/sim.json5"
            let promisesText = environment.value("SWIVEL_FUZZ_PROMISES") ?? "all"
            guard let promises = LinkHubTarget.Promises(parsing: promisesText) else {
                return "SWIVEL_FUZZ_PROMISES: '\(promisesText)' is not all, none or a list of caps,replies,telemetry"
            }
            do {
                LinkHubTarget.setup = LinkHubTarget.Setup(board: try BoardLoader.load(contentsOf: path), promises: promises)
            } catch {
                return "the hub's board \(path): \(error)"
            }
        }
        target = selected
        return nil
    }

    /// One input; a broken promise ends the process, as libFuzzer wants a crash.
    static func fuzz(_ input: [UInt8]) {
        guard let target else { return }
        do {
            try target.run(input)
        } catch {
            StandardError.write("swivel-fuzz: \(target.rawValue): PROMISE BROKEN: \(error)\n")
            abort()
        }
    }

    static func seed(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 else {
            StandardError.write("swivel-fuzz: seed needs PROTOCOL.md and a directory\n\(usage)\n")
            return exitUsage
        }
        do {
            let count = try SeedCorpus.write(document: arguments[0], to: arguments[1])
            print("swivel-fuzz: \(count) seed inputs from \(arguments[0]) in \(arguments[1])/{\(FuzzTarget.allCases.map(\.rawValue).joined(separator: ","))}")
            return 0
        } catch {
            StandardError.write("swivel-fuzz: \(error)\n")
            return 1
        }
    }

    /// The replay build's main: every FILE, and every file in each DIR.
    static func replay(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else {
            StandardError.write(usage + "\n")
            return exitUsage
        }
        if arguments[1] == "seed" { return seed(Array(arguments.dropFirst(2))) }
        if arguments[1] == "--help" || arguments[1] == "-h" {
            print(usage)
            return 0
        }
        if let problem = prepare(arguments[1]) {
            StandardError.write("swivel-fuzz: \(problem)\n\(usage)\n")
            return exitUsage
        }
        guard let target else { return exitUsage }
        var files: [String] = []
        for path in arguments.dropFirst(2) { files += SeedCorpus.filesAt(path) }
        guard !files.isEmpty else {
            StandardError.write("swivel-fuzz: no input files\n")
            return exitUsage
        }
        var broken = 0
        for file in files {
            guard let input = (try? SmallFile.read(file, maximumBytes: .max))?.bytes else {
                StandardError.write("swivel-fuzz: cannot read \(file)\n")
                return 1
            }
            do {
                try target.run(input)
            } catch {
                broken += 1
                print("\(file): PROMISE BROKEN: \(error)")
            }
        }
        print("swivel-fuzz: \(target.rawValue): \(files.count) input\(files.count == 1 ? "" : "s"), \(broken) broke a promise")
        return broken == 0 ? 0 : 1
    }
}

#if SWIVEL_FUZZ
/// libFuzzer calls this before it parses its flags: the target name comes
/// first and is taken out of argv (and put in SWIVEL_FUZZ_TARGET, so the
/// processes of -fork and -jobs find it); `seed` runs and exits.
@_cdecl("LLVMFuzzerInitialize")
public func swivelFuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    guard let vector = argv.pointee else { return 0 }
    let count = Int(argc.pointee)
    let arguments = (0..<count).map { vector[$0].map { String(cString: $0) } ?? "" }
    if arguments.count > 1 && arguments[1] == "seed" { exit(FuzzMain.seed(Array(arguments.dropFirst(2)))) }
    var name = ProcessEnvironment.value("SWIVEL_FUZZ_TARGET")
    if arguments.count > 1, FuzzTarget(rawValue: arguments[1]) != nil {
        name = arguments[1]
        for index in 1..<(count - 1) { vector[index] = vector[index + 1] }
        vector[count - 1] = nil
        argc.pointee -= 1
    }
    guard let name else {
        StandardError.write("swivel-fuzz: name a target first\n\(FuzzMain.usage)\n")
        exit(FuzzMain.exitUsage)
    }
    if let problem = FuzzMain.prepare(name) {
        StandardError.write("swivel-fuzz: \(problem)\n")
        exit(FuzzMain.exitUsage)
    }
    setenv("SWIVEL_FUZZ_TARGET", name, 1)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func swivelFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzMain.fuzz(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
@main
struct SwivelFuzzReplay {
    static func main() {
        exit(FuzzMain.replay(CommandLine.arguments))
    }
}
#endif

enum ProcessEnvironment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
