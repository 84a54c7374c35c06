#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelProtocol
import SwivelToolSupport

/// The seed corpus, made from docs/PROTOCOL.md's ```vector blocks each time
/// (so it follows the document): per target, one input per vector, in the
/// shape that target reads, plus a few that combine them.
enum SeedCorpus {
    struct Vector {
        var name: String
        var wire: [UInt8]
    }

    /// Every vector in the document, in order.
    static func vectors(inDocument path: String) throws(ToolFailure) -> [Vector] {
        guard let bytes = (try? SmallFile.read(path, maximumBytes: .max))?.bytes else { throw ToolFailure("cannot read \(path)") }
        var vectors: [Vector] = []
        var current: Vector?
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```vector ") {
                current = Vector(name: String(line.dropFirst("```vector ".count)), wire: [])
            } else if let vector = current, line.hasPrefix("```") {
                vectors.append(vector)
                current = nil
            } else if current != nil {
                for token in line.split(separator: " ") {
                    guard let byte = UInt8(token, radix: 16) else {
                        throw ToolFailure("\(path): bad hex '\(token)' in vector \(current?.name ?? "")")
                    }
                    current?.wire.append(byte)
                }
            }
        }
        guard !vectors.isEmpty else { throw ToolFailure("\(path) has no ```vector blocks") }
        return vectors
    }

    /// name → input, for one target.
    static func seeds(for target: FuzzTarget, from vectors: [Vector]) -> [(String, [UInt8])] {
        switch target {
        case .frame:
            return vectors.map { ($0.name, [0] + $0.wire) }
                + [("all-vectors-chunked", [7] + vectors.flatMap(\.wire)),
                   ("garbage-then-vectors", [3, 0x41, 0x42, 0xFF] + vectors.flatMap(\.wire))]
        case .messages:
            return vectors.compactMap { vector in
                decodeFrame(vector.wire).map { (vector.name, [$0.header.messageID] + $0.payload) }
            }
        case .hub:
            var seeds: [(String, [UInt8])] = []
            for vector in vectors {
                guard let frame = decodeFrame(vector.wire), frame.header.messageID < 0x40 else { continue }
                let command = frameOp(slot: 0, id: frame.header.messageID, payload: frame.payload)
                seeds.append((vector.name, hello + command + ticks(50)))
                seeds.append((vector.name + "-tracking-off", hello + trackingOff + command + ticks(200) + command + ticks(100)))
                // The rig opens only slot 0: the vision slot is opened first, or the frame goes nowhere.
                let onVision = openVision + frameOp(slot: 3, id: frame.header.messageID, payload: frame.payload)
                if frame.header.messageID == MessageID.track.rawValue {
                    seeds.append((vector.name + "-vision", onVision + ticks(20)))
                }
                if frame.header.messageID == MessageID.gesture.rawValue {
                    // A docked host to be told, and the toggle back into system tracking.
                    seeds.append((vector.name + "-vision", hello + onVision + ticks(20) + onVision + ticks(100)))
                }
            }
            seeds.append(("two-hosts-and-silence", hello + [7, 1, 0, 7, 1, 2] + trackingOff + ticks(100) + [5, 0x02] + ticks(10)))
            // Not from the document: one command while another moves the stand, through
            // CommandBuilder (op 3), whose table indices libFuzzer then varies.
            let moving = hello + trackingOff + [3, 0, 0, 3, 4, 0] + ticks(100)  // velocity (1, -2.4, 0)
            for (name, next) in motionFollowUps { seeds.append(("moving-then-" + name, moving + next + ticks(250))) }
            return seeds
        }
    }

    /// Second commands for the "moving-then-" seeds, as CommandBuilder reads them:
    /// op 3, slot 0, the kind, then value-table indices (PayloadWriter.values).
    static let motionFollowUps: [(String, [UInt8])] = [
        ("orientation", [3, 0, 1, 0, 3, 2, 5, 1, 0]),           // to (-0.5, 3, 0.25) in 1 s
        ("relative-orientation", [3, 0, 1, 2, 15, 1, 2, 0, 0]), // by (0.25, -0.5, 0) in 0.02 s
        ("quaternion", [3, 0, 2, 1, 3, 3, 0, 0, 0]),            // q(1, 0, 0, 0) in 1 s
        ("reverse", [3, 0, 0, 2, 5, 0]),                        // velocity (-0.5, 3, 0)
        ("limits", [3, 0, 6, 2, 2, 1, 5]),                      // yaw -0.5…0.25 at 3 rad/s
        ("animate", [3, 0, 3, 3]),                              // kapow
        ("stop", [3, 0, 4]),
        ("tracking-on", [3, 0, 9, 1]),
    ]

    /// HELLO on slot 0 (op 7, action 2).
    static let hello: [UInt8] = [7, 0, 2]
    /// Opens slot 3, the vision link (op 7, action 0).
    static let openVision: [UInt8] = [7, 3, 0]
    /// SET_SYSTEM_TRACKING false on slot 0.
    static var trackingOff: [UInt8] { frameOp(slot: 0, id: MessageID.setSystemTracking.rawValue, payload: [0]) }

    /// Op 0 with an explicit id (selector 0xFF), as HubScript reads it.
    static func frameOp(slot: UInt8, id: UInt8, payload: [UInt8]) -> [UInt8] {
        [0, slot, 0xFF, id, UInt8(payload.count >> 8 & 0x03), UInt8(payload.count & 0xFF)] + payload
    }

    static func ticks(_ count: Int) -> [UInt8] { [4, UInt8(count - 1)] }

    static func decodeFrame(_ wire: [UInt8]) -> DecodedFrame? {
        var decoder = FrameDecoder()
        var frames: [DecodedFrame] = []
        decoder.feed(wire) { frames.append(DecodedFrame(header: $0.header, payload: $0.payloadBytes())) }
        return frames.count == 1 ? frames[0] : nil
    }

    /// Writes `directory`/<target>/<name> for every target; returns how many files.
    static func write(document: String, to directory: String) throws(ToolFailure) -> Int {
        let vectors = try vectors(inDocument: document)
        var written = 0
        try makeDirectory(directory)
        for target in FuzzTarget.allCases {
            let folder = directory + "/" + target.rawValue
            try makeDirectory(folder)
            for (name, input) in seeds(for: target, from: vectors) {
                try writeFile(folder + "/" + name, input)
                written += 1
            }
        }
        return written
    }

    static func makeDirectory(_ path: String) throws(ToolFailure) {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw ToolFailure("cannot make \(path): \(String(cString: strerror(errno)))")
        }
    }

    static func writeFile(_ path: String, _ bytes: [UInt8]) throws(ToolFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ToolFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw ToolFailure("short write to \(path)") }
    }
}

/// write(2), out of the way of `SeedCorpus.writeFile`'s name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

extension SeedCorpus {
    /// `path` itself, or the regular files directly inside it, sorted.
    static func filesAt(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }
}
