import SwivelCore
import SwivelPorts
import SwivelProtocol

extension LinkEngine {
    func readChannel() {
        guard let channel else { return }
        var messages: [(FrameHeader, AccessoryMessage)] = []
        var lost: PortError?
        do throws(PortError) {
            while true {
                let count = try channel.read(into: &readBuffer)
                guard count > 0 else { break }
                decoder.feed(readBuffer[0..<count]) { frame in
                    // A frame this version cannot read is skipped, as lossy telemetry would be.
                    guard let message = try? AccessoryMessage.decode(messageID: frame.header.messageID, payload: frame.payloadBytes())
                    else { return }
                    messages.append((frame.header, message))
                }
                if count < readBuffer.count { break }
            }
        } catch {
            lost = error
        }
        // What arrived before the close still counts (a final ACK, say).
        for (header, message) in messages { handle(header, message) }
        if let lost {
            dropLink(SwivelKitError(.transport, "lost the connection to \(endpoint): \(lost.kind == .closed ? "swiveld closed it" : lost.description)"))
        }
    }

    private func handle(_ header: FrameHeader, _ message: AccessoryMessage) {
        // ERR's layout is frozen across versions, so a version-mismatch ERR from any stand is read.
        guard header.version == ProtocolVersion.current || message.messageID == .error else { return }
        if message.isReply {
            handleReply(message, sequence: header.sequence)
        } else {
            handleTelemetry(message)
        }
    }

    private func handleReply(_ message: AccessoryMessage, sequence: UInt16) {
        // A reply to a command that already had one (its retransmission's) finds nothing here.
        guard let entry = pending[sequence], Self.reply(message, answers: entry.message) else { return }
        pending[sequence] = nil
        switch message {
        case .error(let error):
            entry.completion(.failure(SwivelKitError(error)))
            if error.code == .notConnected, phase == .docked {
                // The stand ended this session (silence past its heartbeat
                // timeout on a serial line, or it is shutting down): undock
                // and start over with a fresh handshake.
                dropLink(SwivelKitError(.notConnected, "the stand ended the session: \(error.reason)"))
            }
        case .identity(let identity):
            entry.completion(.success(.identity(identity)))
        case .ack(let ack):
            if case .moveStarted(let receipt) = ack.body {
                let kind: MoveProgress.Kind = entry.message.messageID == .animate ? .animation : .orientation
                entry.completion(.success(.move(track(receipt, kind: kind))))
            } else {
                entry.completion(.success(.ack(ack.body)))
            }
        default:
            break
        }
    }

    static func reply(_ reply: AccessoryMessage, answers command: HostMessage) -> Bool {
        switch reply {
        case .identity: command.messageID == .hello
        case .ack(let ack): ack.commandID == command.messageID.rawValue
        case .error(let error): error.commandID == command.messageID.rawValue
        default: false
        }
    }

    private func handleTelemetry(_ message: AccessoryMessage) {
        switch message {
        case .motionState(let report):
            if report.systemTrackingEnabled != client.isSystemTrackingEnabled {
                client.publishSystemTracking(report.systemTrackingEnabled, fromTrackingButton: false)
            }
            let state = StandSession.MotionSample(report)
            latestFault = state.fault
            latestFaultKind = state.faultKind
            session?.motionStream.yield(state)
        case .progress(let progress):
            recentProgress.append(progress)
            if recentProgress.count > 16 { recentProgress.removeFirst() }
            apply(progress)
        case .accessoryEvent(let event):
            session?.accessoryEventStream.yield(StandSession.StandEvent(event))
        case .batteryState(let battery):
            if let session {
                session.receiveBattery(StandSession.BatteryReading(battery))
            } else if phase == .handshaking {
                handshakeBatteries.removeAll { $0.name == battery.name }
                handshakeBatteries.append(battery)
            }
        case .trackingState(let tracking):
            session?.trackingStream.yield(StandSession.TrackingSample(tracking))
        case .dockState(let dock):
            client.publishSystemTracking(dock.systemTrackingEnabled, fromTrackingButton: dock.trackingButtonEnabled)
        case .identity, .ack, .error:
            break
        }
    }

    // MARK: - Progress

    /// Registers a move before its handle reaches the caller, so no PROGRESS is missed.
    private func track(_ receipt: MoveReceipt, kind: MoveProgress.Kind) -> MoveProgress {
        let now = clock.now
        let progress = MoveProgress(receipt: receipt, kind: kind, link: client, epoch: epoch)
        for id in Array(trackers.keys) where trackers[id]?.supersededAt == nil {
            trackers[id]?.supersededAt = now
        }
        trackers[receipt.requestID] = Tracker(
            progress: progress, acknowledgedAt: now, pollAfter: now + progress.plannedDuration + timing.progressGrace)
        if let early = recentProgress.last(where: { $0.requestID == receipt.requestID }) { apply(early) }
        return progress
    }

    private func apply(_ report: MotionProgress) {
        guard let tracker = trackers[report.requestID] else { return }
        let state = MoveProgress.State(report.state)
        tracker.progress.apply(
            state: state, fractionCompleted: report.fractionCompleted, fault: state == .failed ? latestFault : nil,
            faultKind: state == .failed ? latestFaultKind : nil)
        if state.isFinal { trackers[report.requestID] = nil }
    }

    /// GET_STATE after PROGRESS went missing. The report names only the most
    /// recent request; an older one overdue was replaced by a newer one, and
    /// ended finished if that came after it was due to arrive, else cancelled.
    func resolveTrackers(from report: StateReport) {
        let now = clock.now
        for (id, tracker) in trackers {
            if let last = report.lastProgress, last.requestID == id {
                apply(last)
                continue
            }
            guard now >= tracker.pollAfter else { continue }
            let due = tracker.acknowledgedAt + tracker.progress.plannedDuration
            let finished = tracker.supersededAt.map { $0 >= due } ?? false
            tracker.progress.apply(
                state: finished ? .finished : .cancelled, fractionCompleted: tracker.progress.fractionCompleted)
            trackers[id] = nil
        }
    }
}
