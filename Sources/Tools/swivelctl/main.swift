#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelKit

// swivelctl: the shell tool over SwivelKit. Parsing and help live in
// SwivelKit/CommandLine (tested there); this target connects and prints.

let command: SwivelctlCommand
do {
    command = try SwivelctlCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    Console.error("swivelctl: \(error.message)\n\(SwivelctlHelp.usage(for: error.topic))")
    exit(ExitStatus.usage)
}

if command.action == .version {
    Console.out(SwivelctlCommand.versionText)
    exit(ExitStatus.ok)
}

if case .help(let topic) = command.action {
    Console.out(SwivelctlHelp.text(for: topic) ?? SwivelctlHelp.topLevel)
    exit(ExitStatus.ok)
}

let endpoint: SwivelEndpoint =
    switch command.connection {
    case .defaultSocket: .defaultSocket()
    case .socket(let path): .socket(path: path)
    case .serial(let path, let baudRate): .serial(path: path, baudRate: baudRate)
    }

let connection: StandConnection
let session: StandSession
do {
    connection = try StandConnection(endpoint: endpoint, clientName: "swivelctl")
    session = try await connection.session(waitingUpTo: .seconds(5), stopAtFirstFailure: true)
} catch {
    Console.error("swivelctl: \(error.reason)")
    exit(ExitStatus.unreachable)
}

let runner = Runner(connection: connection, session: session, endpoint: endpoint)
let status = command.action == .shell ? await runner.shell() : await runner.run(command, inShell: false)
// BYE, so the stand resets this session's settings now rather than after the heartbeat timeout.
await connection.close()
exit(status)
