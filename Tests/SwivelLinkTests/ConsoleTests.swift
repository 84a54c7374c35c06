#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelLink
import SwivelPOSIX
import SwivelTestSupport
import Testing

/// The console's promise: a caller never waits on the output; what does not
/// fit while it is stalled is dropped, counted and told once it drains.
@Suite struct ConsoleTests {
    @Test func aStalledOutputDropsAndCountsLinesAndTellsOnceItDrains() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        // Full before anything is written: the writer thread's first write blocks.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let block = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
        while block.withUnsafeBytes({ write(ends[1], $0.baseAddress, $0.count) }) > 0 {}
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) & ~O_NONBLOCK)

        let console = Console(output: FileDescriptor(rawValue: ends[1]), error: FileDescriptor(rawValue: ends[1]))
        // This thread would hang here if a write waited for the pipe.
        let written = (0..<(Console.lineCapacity * 3)).map { console.write(.error, "line \($0)\n") }
        let dropped = written.filter { !$0 }.count
        // The writer holds at most one batch (blocked writing it) and the queue another.
        #expect(dropped >= Console.lineCapacity, "\(dropped) dropped")
        #expect(!console.drain(withinNanoseconds: 50_000_000), "still stalled")

        var text = ""
        var buffer = [UInt8](repeating: 0, count: 65536)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let end = MonotonicTime.nanoseconds() + 10_000_000_000
        // Each dropped line is told once, in one notice or several (the writer may take the count in two batches).
        func told() -> Int {
            text.split(separator: "\n").filter { $0.hasSuffix("of output dropped while it was blocked") }
                .compactMap { Int($0.split(separator: " ").dropFirst(2).first ?? "") }.reduce(0, +)
        }
        while MonotonicTime.nanoseconds() < end, told() < dropped {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count > 0 {
                text += String(decoding: buffer[0..<count], as: UTF8.self).filter { $0 != "." }
            } else {
                sleepSeconds(0.005)
            }
        }
        #expect(told() == dropped, "\(text.suffix(300))")
        #expect(text.contains("line 0\n"))
        #expect(console.drain(withinNanoseconds: 5_000_000_000))
        #expect(console.write(.error, "after\n"), "room again once drained")
    }
}
