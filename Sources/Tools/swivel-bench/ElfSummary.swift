/// What the binary benchmark wants to know of an ELF file, read from its
/// section headers directly (no readelf needed): whether it still carries a
/// symbol table or debug info, and which shared libraries it needs.
/// 64-bit little-endian only, which covers x86-64 and arm64 Linux.
struct ElfSummary {
    /// A .symtab section: not stripped.
    var hasSymbolTable: Bool
    var hasDebugInfo: Bool
    /// DT_NEEDED entries, in order.
    var neededLibraries: [String]
    /// A .interp section: loaded by the dynamic linker (so not fully static).
    var hasInterpreter: Bool
    /// Swift's reflection sections (swift5_*): there is Swift code in it.
    var hasSwiftMetadata: Bool

    /// The Swift runtime libraries the binary would load at run time.
    var swiftLibraries: [String] { neededLibraries.filter { $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") } }

    struct ParseError: Error {
        var reason: String
    }

    init(_ bytes: [UInt8]) throws(ParseError) {
        guard bytes.count >= 64, bytes[0] == 0x7f, bytes[1] == 0x45, bytes[2] == 0x4c, bytes[3] == 0x46 else {
            throw ParseError(reason: "not an ELF file")
        }
        guard bytes[4] == 2, bytes[5] == 1 else {
            throw ParseError(reason: "not a 64-bit little-endian ELF file (class \(bytes[4]), data \(bytes[5]))")
        }
        let reader = Reader(bytes: bytes)
        let sectionTable = try reader.integer(at: 0x28, size: 8)
        let entrySize = try reader.integer(at: 0x3a, size: 2)
        let sectionCount = try reader.integer(at: 0x3c, size: 2)
        let namesIndex = try reader.integer(at: 0x3e, size: 2)
        guard entrySize >= 64, namesIndex < sectionCount else {
            throw ParseError(reason: "malformed section header table")
        }

        struct Section {
            var nameOffset: Int
            var type: Int
            var offset: Int
            var size: Int
            var link: Int
        }
        var sections: [Section] = []
        for index in 0..<sectionCount {
            let base = sectionTable + index * entrySize
            sections.append(Section(
                nameOffset: try reader.integer(at: base, size: 4), type: try reader.integer(at: base + 4, size: 4),
                offset: try reader.integer(at: base + 24, size: 8), size: try reader.integer(at: base + 32, size: 8),
                link: try reader.integer(at: base + 40, size: 4)))
        }
        let names = sections[namesIndex]
        func name(_ section: Section) throws(ParseError) -> String {
            try reader.string(at: names.offset + section.nameOffset, limit: names.offset + names.size)
        }

        var symbolTable = false, debugInfo = false, interpreter = false, swiftMetadata = false
        var needed: [String] = []
        for section in sections {
            let sectionName = try name(section)
            if section.type == 2 { symbolTable = true }  // SHT_SYMTAB
            if sectionName.hasPrefix(".debug_") { debugInfo = true }
            if sectionName == ".interp" { interpreter = true }
            if sectionName.hasPrefix("swift5_") { swiftMetadata = true }
            guard section.type == 6, section.link < sections.count else { continue }  // SHT_DYNAMIC
            let strings = sections[section.link]
            var entry = section.offset
            while entry + 16 <= section.offset + section.size {
                let tag = try reader.integer(at: entry, size: 8)
                if tag == 0 { break }  // DT_NULL
                if tag == 1 {  // DT_NEEDED
                    let offset = try reader.integer(at: entry + 8, size: 8)
                    needed.append(try reader.string(at: strings.offset + offset, limit: strings.offset + strings.size))
                }
                entry += 16
            }
        }
        hasSymbolTable = symbolTable
        hasDebugInfo = debugInfo
        hasInterpreter = interpreter
        hasSwiftMetadata = swiftMetadata
        neededLibraries = needed
    }

    private struct Reader {
        let bytes: [UInt8]

        func integer(at offset: Int, size: Int) throws(ParseError) -> Int {
            guard offset >= 0, size <= 8, offset <= bytes.count - size else {
                throw ParseError(reason: "truncated at offset \(offset)")
            }
            var value: UInt64 = 0
            for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
            guard value <= UInt64(Int.max) else { throw ParseError(reason: "offset out of range at \(offset)") }
            return Int(value)
        }

        func string(at offset: Int, limit: Int) throws(ParseError) -> String {
            let end = min(limit, bytes.count)
            guard offset >= 0, offset < end else { throw ParseError(reason: "string outside its table at \(offset)") }
            var stop = offset
            while stop < end, bytes[stop] != 0 { stop += 1 }
            return String(decoding: bytes[offset..<stop], as: UTF8.self)
        }
    }
}
