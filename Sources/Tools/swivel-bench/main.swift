#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelToolSupport

// `make bench`: measures and prints, never asserts.
let options: BenchOptions
do throws(UsageError) {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("swivel-bench: \(error)\n\(BenchOptions.usage)")
    exit(2)
}
if options.showHelp {
    print(BenchOptions.usage)
    exit(0)
}

var failed = false
for benchmark in BenchmarkRegistry.selected(by: options) {
    print("== \(benchmark.name): \(benchmark.summary)")
    do throws(ToolFailure) {
        print(try benchmark.run(options).render())
    } catch {
        printError("swivel-bench: \(benchmark.name) could not measure: \(error)")
        failed = true
    }
    print()
}
exit(failed ? 1 : 0)
