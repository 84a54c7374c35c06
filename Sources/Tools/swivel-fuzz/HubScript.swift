import SwivelProtocol

/// What each op byte of a hub input does (op % 10). Operands follow the op;
/// `slot` is an operand byte % 4 (slot 3 is the vision link).
///
/// | op | does | operands |
/// |---|---|---|
/// | 0–2 | a frame with any id and payload | slot, id selector, flags, length, payload |
/// | 3 | a well-formed command from tables of values (`CommandBuilder`) | slot, kind, fields |
/// | 4 | 1…256 ticks | count |
/// | 5 | 50…400 ticks (past the rig's 100 ms heartbeat timeout), hosts keeping alive or not | count, keep-alive bit |
/// | 6 | raw bytes, garbage or a cut frame | slot, length, bytes |
/// | 7 | session control: open, close, HELLO, retransmit, keep alive | slot, action |
/// | 8 | the link thread services between ticks | — |
/// | 9 | the same frame again and again in one read (a flood) | slot, count |
enum HubScript {
    /// Host message ids (the ones a host may send), so most id selectors hit one.
    static let hostIDs: [MessageID] = MessageID.allCases.filter { $0.rawValue < 0x40 && ![.identity, .ack, .error].contains($0) }

    static func perform(_ op: UInt8, script: inout ScriptReader, on rig: HubRig) throws(Violation) {
        switch op % 10 {
        case 0, 1, 2:
            let slot = Int(script.u8() % 4)
            let selector = script.u8()
            let id = selector < 0xE0 ? hostIDs[Int(selector) % hostIDs.count].rawValue : script.u8()
            let flags = script.u8()
            let length = min(Int(script.u8()) | Int(flags & 0x03) << 8, FrameLimits.maximumPayloadBytes)
            let payload = script.bytes(length)
            let header = FrameHeader(
                version: flags & 0x80 != 0 ? 2 : ProtocolVersion.current,
                flags: flags & 0x10 != 0 ? .retransmission : [],
                sequence: rig.sequence(for: slot, reuse: flags & 0x20 != 0), messageID: id)
            guard let frame = try? FrameEncoder.encode(header, payload: payload) else { return }
            try rig.sendFrame(frame, from: slot)
        case 3:
            let slot = Int(script.u8() % 4)
            let (id, payload) = CommandBuilder.command(&script)
            let header = FrameHeader(sequence: rig.sequence(for: slot, reuse: false), messageID: id.rawValue)
            guard let frame = try? FrameEncoder.encode(header, payload: payload) else { return }
            try rig.sendFrame(frame, from: slot)
        case 4:
            let count = 1 + Int(script.u8())
            for _ in 0..<count { try rig.tick() }
        case 5:
            let operand = script.u8()
            let keepAlive = operand & 0x80 != 0
            for slot in rig.slots.indices { rig.slots[slot].keepAlive = keepAlive }
            for _ in 0..<(50 * (1 + Int(operand & 0x07))) { try rig.tick() }
        case 6:
            let slot = Int(script.u8() % 4)
            let length = Int(script.u8()) * (script.u8() & 1 == 1 ? 8 : 1)
            try rig.send(script.bytes(length), from: slot)
        case 7:
            let slot = Int(script.u8() % 4)
            switch script.u8() % 5 {
            case 0: rig.open(slot)
            case 1: rig.close(slot)
            case 2:
                let hello = WireFrame.encode(.hello(Hello(clientName: "fuzz")), sequence: rig.sequence(for: slot, reuse: false))
                try rig.sendFrame(hello, from: slot)
            case 3:
                let frame = rig.slots[slot].lastFrame
                if !frame.isEmpty { try rig.sendFrame(frame, from: slot) }
            default:
                rig.slots[slot].keepAlive.toggle()
            }
        case 8:
            try rig.service()
        default:
            let slot = Int(script.u8() % 4)
            let count = 1 + Int(script.u8())
            let frame = rig.slots[slot].lastFrame
            guard !frame.isEmpty else { return }
            try rig.send(Array([[UInt8]](repeating: frame, count: count).joined()), from: slot)
        }
    }
}

/// Well-formed host commands by the document's layouts, with every float from
/// `PayloadWriter.values` (ordinary, at the caps, absurd, non-finite).
enum CommandBuilder {
    static func command(_ script: inout ScriptReader) -> (MessageID, [UInt8]) {
        var w = PayloadWriter()
        let kind = script.u8()
        switch kind % 16 {
        case 0:
            for _ in 0..<3 { w.value(&script) }
            return (.setAngularVelocity, w.bytes)
        case 1, 2:
            let form = script.u8()
            w.u8(form & 1)
            w.u8(form >> 1 & 1)
            w.value(&script)
            for _ in 0..<4 { w.value(&script) }
            return (.setOrientation, w.bytes)
        case 3:
            w.u8(1 + script.u8() % 4)
            return (.animate, w.bytes)
        case 4: return (.stop, [])
        case 5:
            w.u32(UInt32(script.u8()))
            return (.cancel, w.bytes)
        case 6:
            let mask = script.u8()
            w.u8(mask)
            for bit in 0..<3 where mask & (1 << bit) != 0 {
                for _ in 0..<3 { w.value(&script) }
            }
            return (.setLimits, w.bytes)
        case 7: return (.resetLimits, [])
        case 8: return (.getState, [])
        case 9:
            w.u8(script.u8() & 1)
            return (.setSystemTracking, w.bytes)
        case 10: return (.clearFault, [])
        case 11:
            track(&w, &script)
            return (.track, w.bytes)
        case 12:
            w.u8(script.u8() % 5)
            return (.setFramingMode, w.bytes)
        case 13:
            for _ in 0..<4 { w.coordinate(&script) }
            return (.setRegionOfInterest, w.bytes)
        case 14:
            for _ in 0..<2 { w.coordinate(&script) }
            return (.selectSubjectAt, w.bytes)
        default:
            // GESTURE: openPalm mostly, else an undefined code; a confidence or not.
            let gesture = script.u8()
            w.u8(gesture & 0x03 == 0 ? gesture >> 2 : 1)
            gesture & 0x80 != 0 ? w.value(&script) : w.coordinate(&script)
            return (.gesture, w.bytes)
        }
    }

    /// A TRACK batch: camera fields, intrinsics, 0…3 observations.
    private static func track(_ w: inout PayloadWriter, _ script: inout ScriptReader) {
        let ages: [UInt32] = [0, 33_000, 150_000, 0xFFFF_FFFF]
        w.u32(ages[Int(script.u8() % 4)])
        let camera = script.u8()
        w.u8(1 + camera % 4)
        w.u8(1 + camera >> 2 % 2)
        w.u8(1 + camera >> 3 % 7)
        let intrinsics = camera & 0x80 != 0
        w.u8(intrinsics ? 1 : 0)
        let matrix: [Float] = [1000, 0, 960, 0, 1000, 540, 0, 0, 1]
        for entry in matrix {
            if intrinsics && script.u8() & 0x0F == 0 { w.value(&script) } else { w.f32(intrinsics ? entry : 0) }
        }
        let sizes: [(Float, Float)] = [(1920, 1080), (1080, 1920), (0, 0), (.nan, 1)]
        let size = sizes[Int(script.u8() % 4)]
        w.f32(size.0)
        w.f32(size.1)
        let count = script.u8() % 4
        w.u8(count)
        for _ in 0..<count {
            w.i64(Int64(script.u8() % 8))
            w.u8(1 + script.u8() % 3)
            for _ in 0..<4 { w.coordinate(&script) }
            let flags = script.u8()
            w.u8(flags & 0x07)
            for _ in 0..<3 { flags & 0x08 != 0 ? w.value(&script) : w.coordinate(&script) }
        }
    }
}
