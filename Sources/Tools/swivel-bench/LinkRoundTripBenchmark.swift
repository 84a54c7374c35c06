import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelPOSIX
import SwivelPorts
import SwivelProtocol
import SwivelRuntime
import SwivelSimBackend
import SwivelToolSupport

/// Command round trip over a pty: a host writes a frame and waits for its ACK,
/// against the whole daemon stack (link thread, hub, and for STOP the real-time
/// loop's mailbox). Beside it in the same run, the floor: the same bytes echoed
/// back by a bare thread on another pty.
struct LinkRoundTripBenchmark: Benchmark {
    let name = "link"
    let summary = "command round trip (ACK) over a pty, beside a raw pty echo of the same bytes"

    static let roundTrips = 2_000

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let board = try BenchBoards.load(BenchBoards.threeAxisPath)
        let rig = try LinkRig(board: board)
        defer { rig.stop() }
        let echo = try EchoRig()
        defer { echo.stop() }

        let heartbeat = WireFrame.encode(.heartbeat, sequence: 0)
        var echoSamples: [Int64] = [], heartbeatSamples: [Int64] = [], stopSamples: [Int64] = []
        // Interleaved halves, so a noisy moment on the shared machine hits both.
        for _ in 0..<2 {
            echoSamples += try echo.roundTrips(of: heartbeat, count: Self.roundTrips / 2)
            heartbeatSamples += try rig.roundTrips(of: .heartbeat, count: Self.roundTrips / 2)
            echoSamples += try echo.roundTrips(of: heartbeat, count: Self.roundTrips / 2)
            stopSamples += try rig.roundTrips(of: .stop, count: Self.roundTrips / 2)
        }

        let floor = Percentiles(echoSamples)
        var table = ResultTable(columns: ["round trip", "p50", "p99", "p99 / echo p99", "target"])
        table.add(["raw pty echo (floor)", Format.microseconds(nanoseconds: floor.p50), Format.microseconds(nanoseconds: floor.p99), "1.00", ""])
        for (label, samples, target) in [
            ("HEARTBEAT → ACK (link thread)", heartbeatSamples, "≤ 2.00"),
            ("STOP → ACK (through the 1 kHz loop)", stopSamples, ""),
        ] {
            let p = Percentiles(samples)
            table.add([label, Format.microseconds(nanoseconds: p.p50), Format.microseconds(nanoseconds: p.p99),
                       Format.fixed(Double(p.p99) / Double(max(floor.p99, 1)), decimals: 2), target])
        }
        return BenchReport(
            header: ["link: \(Self.roundTrips) round trips each, \(heartbeat.count)-byte frames, simulated board on the real-time loop"],
            table: table,
            notes: [
                "STOP waits for the next tick to apply it (up to 1 ms) by design: every command goes through the loop's mailbox.",
            ])
    }
}

struct Percentiles {
    var p50: Int64
    var p99: Int64

    init(_ samples: [Int64]) {
        let sorted = samples.sorted()
        func at(_ q: Double) -> Int64 {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q))]
        }
        p50 = at(0.5)
        p99 = at(0.99)
    }
}

/// The daemon's stack, in process: simulated stand on the real-time loop, hub,
/// link server on a pty; a docked host with system tracking off.
private final class LinkRig {
    let loop: RealtimeLoop
    let server: LinkServer
    let host: FileChannel
    var decoder = FrameDecoder()
    var sequence: UInt16 = 1

    init(board: Board) throws(ToolFailure) {
        let clock = SystemMonotonicClock()
        do {
            let simulation = try SimulatedHardware(
                board: board, clock: clock,
                stepLatenessToleranceNanoseconds: SimulatedHardware.wallClockStepLatenessToleranceNanoseconds)
            let (stand, engine) = try Stand.make(board: board, hardware: simulation.hardware, playDemo: false)
            loop = try RealtimeLoop(periodNanoseconds: stand.periodNanoseconds, clock: clock, running: engine)
            _ = try loop.start()
            let identity = DeviceIdentity.identity(
                board: board, uuid: DeviceIdentity.uuid(boardName: board.name).uuid, heartbeatTimeoutMilliseconds: 1000, motionStateRateHz: 50)
            let hub = LinkHub(stand: stand, configuration: LinkConfiguration(identity: identity))
            server = try LinkServer(hub: hub, endpoints: LinkEndpoints(socketPath: nil, serial: .pty(symlink: nil)), clock: clock)
            // The bench prints a table; the daemon's dock and undock lines would break into it.
            hub.onSessionEvent = nil
            try server.start()
            guard let path = server.ptyDevicePath else { throw ToolFailure("the link server made no pty") }
            host = try SerialPort.open(path: path, baudRate: 921_600)
        } catch let failure as ToolFailure {
            throw failure
        } catch {
            throw ToolFailure("cannot set up the link rig: \(error)")
        }
        _ = try roundTrips(of: .hello(Hello(clientName: "swivel-bench")), count: 1)
        _ = try roundTrips(of: .setSystemTracking(enabled: false), count: 1)
    }

    func roundTrips(of message: HostMessage, count: Int) throws(ToolFailure) -> [Int64] {
        var samples: [Int64] = []
        samples.reserveCapacity(count)
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<count {
            sequence &+= 1
            let seq = sequence
            let frame = WireFrame.encode(message, sequence: seq)
            let start = MonotonicTime.nanoseconds()
            var answered = false
            do {
                try host.write(all: frame, timeoutMilliseconds: 1000)
                while !answered {
                    guard MonotonicTime.nanoseconds() - start < 1_000_000_000 else { throw ToolFailure("no reply to \(message.messageID) in 1 s") }
                    var poll = PollSet()
                    _ = poll.add(host.fileDescriptor)
                    _ = try poll.wait(timeoutMilliseconds: 100)
                    let n = try host.read(into: &buffer)
                    decoder.feed(buffer[0..<n]) { frame in
                        // Telemetry interleaves; only the reply ends the round trip.
                        if frame.header.sequence == seq, frame.header.messageID < MessageID.setAngularVelocity.rawValue { answered = true }
                    }
                }
            } catch let failure as ToolFailure {
                throw failure
            } catch {
                throw ToolFailure("link round trip failed: \(error)")
            }
            samples.append(MonotonicTime.nanoseconds() - start)
        }
        return samples
    }

    func stop() {
        server.stop()
        loop.stop()
    }
}

/// A bare echo: a thread that writes back whatever a pty's primary reads.
private final class EchoRig: @unchecked Sendable {
    let pair: PseudoTerminalPair
    let host: FileChannel
    let waker: PollWaker
    var thread: POSIXThread?

    init() throws(ToolFailure) {
        do {
            pair = try PseudoTerminalPair.open()
            host = try SerialPort.open(path: pair.secondaryPath, baudRate: 921_600)
            waker = try PollWaker()
            let primary = pair.primary, waker = waker
            thread = try POSIXThread.spawn(name: "bench-echo", stackBytes: 512 * 1024) {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    var poll = PollSet()
                    let wakeIndex = poll.add(waker.fileDescriptor)
                    _ = poll.add(primary.fileDescriptor)
                    _ = try? poll.wait(timeoutMilliseconds: 100)
                    if poll.isReadable(wakeIndex) { return }
                    guard let n = try? primary.read(into: &buffer), n > 0 else { continue }
                    try? primary.write(all: Array(buffer[0..<n]), timeoutMilliseconds: 1000)
                }
            }
        } catch {
            throw ToolFailure("cannot set up the pty echo: \(error)")
        }
    }

    func roundTrips(of frame: [UInt8], count: Int) throws(ToolFailure) -> [Int64] {
        var samples: [Int64] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<count {
            let start = MonotonicTime.nanoseconds()
            var received = 0
            do {
                try host.write(all: frame, timeoutMilliseconds: 1000)
                while received < frame.count {
                    var poll = PollSet()
                    _ = poll.add(host.fileDescriptor)
                    _ = try poll.wait(timeoutMilliseconds: 100)
                    received += try host.read(into: &buffer)
                }
            } catch {
                throw ToolFailure("echo round trip failed: \(error)")
            }
            samples.append(MonotonicTime.nanoseconds() - start)
        }
        return samples
    }

    func stop() {
        waker.wake()
        thread?.join()
        pair.close()
    }
}
