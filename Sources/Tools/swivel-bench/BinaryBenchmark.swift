#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelToolSupport

/// The size of the static release daemon, and whether it really is what the
/// Makefile means by static and stripped: no Swift runtime library to load,
/// no symbol table, no debug info.
struct BinaryBenchmark: Benchmark {
    let name = "binary"
    let summary = "size of the static release swiveld, stripped and statically linked to the Swift stdlib?"

    static let targetBytes = 20 * 1_048_576

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let path = options.binaryPath
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ToolFailure("cannot stat --binary \(path): \(Subprocess.describeErrno(errno)); `make release` builds dist/swiveld")
        }
        let bytes = Int(info.st_size)

        var table = ResultTable(columns: ["metric", "value", "baseline", "ratio", "target"])
        table.add([
            "size", "\(Format.mebibytes(bytes: Double(bytes))) (\(bytes) bytes)", "-", "-", "≤ 20 MiB",
        ])
        var notes: [String] = []
        let elf: ElfSummary?
        if let contents = (try? SmallFile.read(path, maximumBytes: .max))?.bytes {
            do throws(ElfSummary.ParseError) {
                elf = try ElfSummary(contents)
            } catch {
                elf = nil
                notes.append("cannot read \(path) as ELF (\(error.reason)); stripped/static details skipped.")
            }
        } else {
            elf = nil
            notes.append("cannot read \(path); stripped/static details skipped.")
        }
        if let elf {
            let swift = elf.swiftLibraries
            let linkage = !swift.isEmpty
                ? "DYNAMIC (\(swift.count) libswift*.so needed)"
                : elf.hasSwiftMetadata ? "static (no libswift*.so needed)" : "no Swift code found"
            table.add(["Swift stdlib", linkage, "-", "-", "static"])
            table.add(["stripped", elf.hasSymbolTable ? "no (.symtab present)" : "yes (no .symtab)", "-", "-", "yes"])
            table.add(["debug info", elf.hasDebugInfo ? "present" : "none", "-", "-", "-"])
            notes.append(
                "shared libraries it still loads (DT_NEEDED): "
                    + (elf.neededLibraries.isEmpty ? "none" : elf.neededLibraries.joined(separator: ", "))
                    + (elf.hasInterpreter
                        ? "; started by the dynamic linker (.interp), so these come from the target's system"
                        : "; no .interp (fully static)"))
        }
        return BenchReport(header: ["\(path), read from its ELF headers."], table: table, notes: notes)
    }
}
