import SwivelCore
import SwivelHardware
import SwivelProtocol

extension LinkHub {
    func handle(header: FrameHeader, payload: [UInt8], from id: SessionID, at now: MonotonicInstant) {
        guard var session = sessions[id] else { return }
        // A TRACK frame may be dated before its read (`TrackArrivals`).
        session.lastHeard = max(session.lastHeard, now)
        sessions[id] = session
        let key = ReplyCache.Key(sequence: header.sequence, messageID: header.messageID, payload: payload)

        guard header.version == ProtocolVersion.current else {
            reject(key, code: .versionMismatch, to: id,
                   reason: "frame is protocol version \(header.version); this stand speaks version \(ProtocolVersion.current)")
            return
        }
        // A retransmission: answer again, never apply again.
        if let cached = session.replies.reply(for: key) {
            statistics.duplicatesAnswered &+= 1
            enqueue(cached, to: id)
            return
        }
        if pending.contains(where: { $0.session == id && $0.key == key })
            || waiting.contains(where: { $0.session == id && $0.key == key })
        {
            // Still being applied; its one reply is on the way.
            statistics.duplicatesAnswered &+= 1
            return
        }

        let message: HostMessage
        do {
            message = try HostMessage.decode(messageID: header.messageID, payload: payload)
        } catch {
            // An out-of-range field answers with its axis and value (ErrorReply(_:MessageError)).
            reject(key, ErrorReply(commandID: key.messageID, error), to: id)
            return
        }
        if session.role == .vision {
            handleVision(message, key: key, from: id, at: now)
            return
        }
        if case .hello(let hello) = message {
            handleHello(hello, key: key, from: id, at: now)
            return
        }
        guard session.docked else {
            reject(key, code: .notConnected, to: id, reason: "no session on this link: send HELLO first")
            return
        }

        switch message {
        case .hello:
            break
        case .heartbeat:
            acknowledge(key, to: id)
        case .bye:
            acknowledge(key, to: id)
            undock(id, at: now, because: "it said BYE")
        case .getState:
            acknowledge(key, body: .state(stateReport()), to: id)
        case .setSystemTracking(let enabled):
            acknowledge(key, to: id)
            setSystemTracking(enabled, fromTrackingButton: false)
        case .setAngularVelocity(let velocity):
            manual(.setAngularVelocity(velocity), key: key, from: id)
        case .setOrientation(let request):
            manual(.setOrientation(request.target, durationSeconds: request.durationSeconds, relative: request.relative),
                   key: key, from: id)
        case .animate(let name):
            manual(.animate(name), key: key, from: id)
        case .stop:
            // Stopping is always allowed, whoever is driving.
            post(.stop, key: key, from: id)
        case .cancel(let requestID):
            post(.cancel(requestID: requestID), key: key, from: id)
        case .setLimits(let request):
            do {
                post(.setLimits(try request.userLimits()), key: key, from: id)
            } catch {
                reject(key, ErrorReply(commandID: key.messageID, error), to: id)
            }
        case .resetLimits:
            post(.resetLimits, key: key, from: id)
        case .clearFault:
            // Like stop, whoever drives: the stand refuses it while still stopping.
            post(.clearFault, key: key, from: id)
        case .setServoPulse(let axis, let microseconds):
            // A jog moves a motor: like the manual commands, not while system tracking owns the stand.
            manual(.setServoPulse(axis: axis, pulseMicroseconds: microseconds), key: key, from: id)
        case .track(let batch):
            trackFromHost(batch, key: key, from: id, at: now)
        case .setFramingMode(let mode):
            tracking.framingMode = mode
            acknowledge(key, to: id)
        case .setRegionOfInterest(let roi):
            do {
                try tracking.setRegionOfInterest(roi)
                acknowledge(key, to: id)
            } catch {
                reject(key, ErrorReply(commandID: key.messageID, error), to: id)
            }
        case .selectSubject(let point):
            do {
                _ = try tracking.selectSubject(at: point, on: drivingCamera)
                acknowledge(key, to: id)
            } catch {
                reject(key, ErrorReply(commandID: key.messageID, error), to: id)
            }
        case .selectSubjects(let ids):
            do {
                try tracking.selectSubjects(ids, on: drivingCamera)
                acknowledge(key, to: id)
            } catch {
                reject(key, ErrorReply(commandID: key.messageID, error), to: id)
            }
        case .gesture:
            // A host has its own switch (SET_SYSTEM_TRACKING); a gesture is the on-board camera's word.
            reject(key, code: .notSupported, to: id, reason: "GESTURE comes from the vision link only")
        }
    }

    /// The vision link sends observations and gestures; it never docks, so it
    /// neither starts nor ends a host session.
    private func handleVision(_ message: HostMessage, key: ReplyCache.Key, from id: SessionID, at now: MonotonicInstant) {
        switch message {
        case .heartbeat:
            acknowledge(key, to: id)
        case .track(let batch):
            trackFromVision(batch, key: key, from: id, at: now)
        case .gesture(let gesture):
            guard configuration.gesturesEnabled else {
                reject(key, code: .notSupported, to: id, reason: "gestures are off on this board (vision.gestures)")
                return
            }
            acknowledge(key, to: id)
            handleGesture(gesture)
        default:
            reject(key, code: .notSupported, to: id, reason: "the vision link carries TRACK, GESTURE and HEARTBEAT only")
        }
    }

    private func handleHello(_ hello: Hello, key: ReplyCache.Key, from id: SessionID, at now: MonotonicInstant) {
        guard hello.accepts(ProtocolVersion.current) else {
            reject(key, code: .versionMismatch, to: id,
                   reason: "host speaks protocol \(hello.minimumVersion)...\(hello.maximumVersion); this stand speaks \(ProtocolVersion.current)")
            return
        }
        // A fresh handshake forgets the replies already sent, but a command
        // still in the loop keeps its one reply (remembered once sent, so a
        // retransmission is answered again, never applied twice).
        sessions[id]?.replies.removeAll()
        let wasDocked = sessions[id]?.docked ?? false
        if !wasDocked { dock(id, clientName: hello.clientName, at: now) }
        finish(key, reply: .identity(configuration.identity), to: id)
        sendTelemetry(.dockState(DockState(docked: true, systemTrackingEnabled: systemTrackingEnabled)), to: id)
        sendBatteryStates(to: id, at: now)
    }

    /// Velocity, orientation and animation: the host's only while system tracking is off.
    private func manual(_ command: MotionCommand, key: ReplyCache.Key, from id: SessionID) {
        guard !systemTrackingEnabled else {
            reject(key, code: .systemTrackingActive, to: id,
                   reason: "system tracking is enabled: turn it off before moving the stand yourself")
            return
        }
        post(command, key: key, from: id)
    }

    /// A full mailbox is the hub's to wait out, not the host's: the command
    /// waits its turn (`postWaiting`). Only a session that keeps more than
    /// `commandsInFlightPerSession` of its own in flight hears `busy`.
    private func post(_ command: MotionCommand, key: ReplyCache.Key, from id: SessionID) {
        let own = pending.count { $0.session == id } + waiting.count { $0.session == id }
        guard own < Self.commandsInFlightPerSession else {
            reject(key, code: .busy, to: id, reason: "this session has \(own) commands in flight to the motion loop, "
                + "its limit: wait for their replies before sending more")
            return
        }
        waiting.append(WaitingCommand(session: id, key: key, command: command))
        postWaiting()
    }

    /// Posts waiting host commands in arrival order while the mailbox has
    /// room. The hub's own session commands go first, so a host never
    /// overtakes its reset; and never past the replies the mailbox can hold,
    /// since a reply it had to drop would leave a command unanswered.
    func postWaiting() {
        while let next = waiting.first, internalCommands.isEmpty, hasRoomInFlight {
            do {
                let ticket = try stand.post(next.command)
                pending.append(PendingCommand(session: next.session, key: next.key, ticket: ticket))
            } catch where error.code == .busy {
                // The loop has not taken the last tick's commands yet: the next service retries.
                return
            } catch {
                reject(next.key, ErrorReply(commandID: next.key.messageID, error), to: next.session)
            }
            waiting.removeFirst()
        }
    }

    func collectReplies() {
        guard !pending.isEmpty || !internalTickets.isEmpty else { return }
        // One pass under the mailbox's lock for all of them, not one per ticket.
        let replies = stand.takeReplies(for: Set(internalTickets + pending.map(\.ticket)))
        guard !replies.isEmpty else { return }
        internalTickets.removeAll { replies[$0] != nil }
        var index = 0
        while index < pending.count {
            let waiting = pending[index]
            guard let reply = replies[waiting.ticket] else {
                index += 1
                continue
            }
            pending.remove(at: index)
            switch reply {
            case .success(.accepted):
                acknowledge(waiting.key, to: waiting.session)
            case .success(.started(let receipt)):
                acknowledge(waiting.key, body: .moveStarted(receipt), to: waiting.session)
            case .failure(let error):
                reject(waiting.key, ErrorReply(commandID: waiting.key.messageID, error), to: waiting.session)
            }
        }
    }

    // MARK: - Replies

    func acknowledge(_ key: ReplyCache.Key, body: Ack.Body = .none, to id: SessionID) {
        statistics.commandsApplied &+= 1
        finish(key, reply: .ack(Ack(rawCommandID: key.messageID, body: body)), to: id)
    }

    func reject(_ key: ReplyCache.Key, code: SwivelError.Code, to id: SessionID, reason: String) {
        reject(key, ErrorReply(commandID: key.messageID, code: code, reason: reason), to: id)
    }

    func reject(_ key: ReplyCache.Key, _ error: ErrorReply, to id: SessionID) {
        statistics.commandsRejected &+= 1
        finish(key, reply: .error(error), to: id)
    }

    private func finish(_ key: ReplyCache.Key, reply: AccessoryMessage, to id: SessionID) {
        guard sessions[id] != nil else { return }
        let frame = WireFrame.encode(reply, sequence: key.sequence)
        // In place: through a copy of the session, the cache would be copied whole.
        sessions[id]?.replies.insert(frame, for: key)
        enqueue(frame, to: id)
    }
}
