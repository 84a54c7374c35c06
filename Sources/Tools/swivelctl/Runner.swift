import SwivelKit

/// Runs parsed commands in one docked session: a single command, or a
/// shell's worth in one session.
///
/// On the main actor: the shell blocks in readLine between commands, which
/// must happen on the tool's own main thread, never on the concurrency pool.
@MainActor
final class Runner {
    let connection: StandConnection
    let session: StandSession
    let endpoint: SwivelEndpoint

    init(connection: StandConnection, session: StandSession, endpoint: SwivelEndpoint) {
        self.connection = connection
        self.session = session
        self.endpoint = endpoint
    }

    /// Runs one command and prints its errors; a one-shot setting (not
    /// `inShell`) also warns that it ended with its session. - Returns: the exit status.
    func run(_ command: SwivelctlCommand, inShell: Bool) async -> Int32 {
        do {
            try await perform(command.action, json: command.json)
            if !inShell, let warning = SwivelctlSessionNotes.oneShotWarning(for: command.action) { Console.error(warning) }
            return ExitStatus.ok
        } catch {
            Console.error(SwivelctlSessionNotes.refusal(error, inShell: inShell))
            return error.isConnectionProblem ? ExitStatus.unreachable : ExitStatus.refused
        }
    }

    private func perform(_ action: SwivelctlCommand.Action, json: Bool) async throws(SwivelKitError) {
        switch action {
        case .help(let topic):
            Console.out(SwivelctlHelp.text(for: topic) ?? SwivelctlHelp.topLevel)
        case .version:
            Console.out(SwivelctlCommand.versionText)
        case .exit, .shell:
            break
        case .info:
            if json {
                Console.out(Format.json(session, endpoint: endpoint).text)
            } else {
                Format.identity(session, endpoint: endpoint).forEach(Console.out)
            }
        case .status:
            let state = try await session.state()
            if json { Console.out(Format.json(state).text) } else { Format.state(state).forEach(Console.out) }
        case .watch(let count):
            try await watch(count: count, json: json)
        case .velocity(let velocity):
            try await session.setAngularVelocity(velocity)
        case .move(let move):
            try await self.move(move, json: json)
        case .stop:
            try await session.stop()
        case .clearFault:
            try await session.clearMotorFault()
        case .servoWidth(let axis, let microseconds):
            try await session.setServoPulse(axis: axis, microseconds: microseconds)
        case .animate(let name, let wait):
            try await report(try await session.animate(motion: name), wait: wait, json: json)
        case .showLimits:
            let limits = try await session.state().limits
            if json { Console.out(Format.json(limits).text) } else { Format.limits(limits).forEach(Console.out) }
        case .setLimits(let axes):
            try await setLimits(axes)
        case .resetLimits:
            try await session.resetLimits()
        case .tracking(let enabled):
            try await connection.setSystemTrackingEnabled(enabled)
        case .framing(let mode?):
            try await session.setFramingMode(mode)
        case .framing(nil):
            let mode = try await session.state().framingMode
            Console.out(json ? JSON.object([("framingMode", .string(mode.description))]).text : mode.description)
        case .regionOfInterest(let region?):
            try await session.setRegionOfInterest(region)
        case .regionOfInterest(nil):
            let region = try await session.state().regionOfInterest
            Console.out(json ? Format.json(region).text : Format.rect(region))
        case .select(.point(let point)):
            try SwivelctlCommand.Selection.point(point).check()
            try await session.selectSubject(at: point)
        case .select(.subjects(let ids)):
            try await session.selectSubjects(ids)
        case .select(.automatic):
            try await session.selectSubjects([])
        case .events(let count):
            if count == nil { Console.error("swivelctl: streaming the stand's events until Ctrl-C (--count N stops after N)") }
            try await stream(session.accessoryEvents, count: count) { event in
                json ? Format.json(event).text : Format.event(event)
            }
        case .battery(let count):
            if count == nil {
                Console.error("swivelctl: streaming battery states until Ctrl-C, one line per 1 % change (--once prints each battery once)")
            }
            try await stream(session.batteryStates, count: count) { battery in
                json ? Format.json(battery).text : Format.battery(battery)
            }
        case .batteryOnce:
            for battery in try await batteriesAtDocking() { Console.out(json ? Format.json(battery).text : Format.battery(battery)) }
        }
    }

    private func move(_ move: SwivelctlCommand.Move, json: Bool) async throws(SwivelKitError) {
        var target = Vector3(pitch: move.pitch ?? 0, yaw: move.yaw ?? 0, roll: move.roll ?? 0)
        if !move.relative {
            // An axis not named stays where it is, which only the stand knows.
            let positions = try await session.state().angularPositions
            if move.pitch == nil { target.pitch = positions.pitch }
            if move.yaw == nil { target.yaw = positions.yaw }
            if move.roll == nil { target.roll = positions.roll }
        }
        let progress = try await session.setOrientation(target, duration: .seconds(move.durationSeconds), relative: move.relative)
        try await report(progress, wait: move.wait, json: json)
    }

    private func report(_ progress: MoveProgress, wait: Bool, json: Bool) async throws(SwivelKitError) {
        let state = wait ? await progress.finished() : progress.state
        Console.out(json ? Format.json(progress, state: state).text : Format.move(progress, state: state))
        if state == .failed {
            throw SwivelKitError(.motorFault, "request \(progress.requestID) failed: \(progress.failureReason ?? "a motor fault ended it")")
        }
    }

    private func setLimits(_ axes: PerAxis<SwivelctlCommand.AxisLimit?>) async throws(SwivelKitError) {
        var limits = UserLimits()
        // Yaw first: with several bad axes, the one reported is the one swivelctl has always named.
        for axis in [Axis.yaw, .pitch, .roll] {
            guard let given = axes[axis] else { continue }
            let limit: UserAxisLimit
            do throws(SwivelError) {
                limit = try UserAxisLimit(lowerRadians: given.minimum, upperRadians: given.maximum, maximumSpeed: given.maximumSpeed, axis: axis)
            } catch {
                throw SwivelKitError(error)
            }
            switch axis {
            case .pitch: limits.pitch = limit
            case .yaw: limits.yaw = limit
            case .roll: limits.roll = limit
            }
        }
        try await session.setLimits(limits)
    }

    /// The stand sends every battery's state right after IDENTITY, so once a
    /// request made after docking is answered they have all arrived, and a new
    /// stream starts with them, buffered: read it until it has nothing ready.
    private func batteriesAtDocking() async throws(SwivelKitError) -> [StandSession.BatteryReading] {
        guard session.capabilities.names.contains("batteries") else { return [] }
        _ = try await session.state()
        let stream = session.batteryStates
        let reader = Task { () -> [StandSession.BatteryReading] in
            var states: [StandSession.BatteryReading] = []
            for await state in stream {
                // A repeated name is a change that came after the states at docking.
                if states.contains(where: { $0.name == state.name }) { break }
                states.append(state)
            }
            return states
        }
        // The buffered states are read at once; this only bounds the wait for a change that never comes.
        try? await Task.sleep(for: .milliseconds(200))
        reader.cancel()
        return await reader.value
    }

    private func watch(count: Int?, json: Bool) async throws(SwivelKitError) {
        let redraw = Console.outputIsTerminal && !json
        defer { if redraw { Console.write("\n") } }
        try await stream(session.motionStates, count: count, redraw: redraw) { state in
            json ? Format.json(state).text : Format.motion(state)
        }
    }

    /// Prints each element until `count` (forever when nil). The stream ending
    /// early means the session ended.
    private func stream<Element>(
        _ elements: AsyncStream<Element>, count: Int?, redraw: Bool = false, line: (Element) -> String
    ) async throws(SwivelKitError) {
        var printed = 0
        for await element in elements {
            if redraw {
                Console.write("\r\u{1B}[2K" + line(element))
            } else {
                Console.out(line(element))
            }
            printed += 1
            if let count, printed >= count { return }
        }
        throw SwivelKitError(.notConnected, "the stand undocked: \(connection.lastConnectionError?.reason ?? "the session ended")")
    }

    // MARK: - Shell

    /// Runs commands read from standard input in this one session.
    func shell() async -> Int32 {
        let interactive = Console.inputIsTerminal
        while true {
            if interactive { Console.write("swivel> ") }
            guard let line = readLine() else {
                if interactive { Console.write("\n") }
                return ExitStatus.ok
            }
            let parsed: SwivelctlCommand?
            do {
                parsed = try SwivelctlCommand.parse(shellLine: line)
            } catch {
                Console.error("swivelctl: \(error.message)\n\(SwivelctlHelp.usage(for: error.topic))")
                if interactive { continue }
                return ExitStatus.usage
            }
            guard let command = parsed else { continue }
            if command.action == .exit { return ExitStatus.ok }
            let status = await run(command, inShell: true)
            if status != ExitStatus.ok && !interactive { return status }
        }
    }
}
