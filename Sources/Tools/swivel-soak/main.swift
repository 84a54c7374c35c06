#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore

// swivel-soak: `make soak SECONDS=N`. See SoakOptions.usage and docs/RELIABILITY.md.
let options: SoakOptions
do {
    options = try SoakOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    say("swivel-soak: \(error)\n\(SoakOptions.usage)")
    exit(2)
}
if options.showHelp {
    say(SoakOptions.usage)
    exit(0)
}
// A pipe the daemon closed must be an error on the write, not the end of this process.
signal(SIGPIPE, SIG_IGN)
var entropy = SystemRandomNumberGenerator()
let seed = options.seed ?? entropy.next() >> 1
say("swivel-soak: seed \(seed) (rerun with --seed \(seed)); \(options.sessions) sessions for \(format(options.seconds, 0)) s")
do {
    let soak = try Soak(options: options, seed: seed)
    exit(soak.run() ? 0 : 1)
} catch {
    say("swivel-soak: cannot run: \(error)")
    exit(1)
}
