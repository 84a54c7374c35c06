/// A promise one fuzz input broke: which, and the figures that show it. The
/// fuzz build turns it into a crash (libFuzzer keeps the input); a replay
/// prints it and exits non-zero.
struct Violation: Error, CustomStringConvertible {
    var promise: String
    var detail: String

    init(_ promise: String, _ detail: String) {
        self.promise = promise
        self.detail = detail
    }

    var description: String { "\(promise): \(detail)" }
}

/// The three things `make fuzz` feeds: each takes one input and throws what it broke.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// `FrameDecoder` against a plain re-implementation of docs/PROTOCOL.md §1.
    case frame
    /// `HostMessage.decode` and `AccessoryMessage.decode`: a decoded message re-encodes canonically.
    case messages
    /// `LinkHub` beside a `VirtualStand` in virtual time, fed a script of frames, bytes and ticks.
    case hub

    var summary: String {
        switch self {
        case .frame: "the frame decoder, against the document's receiver rules, in one piece and in chunks"
        case .messages: "the host and accessory message decoders: what decodes re-encodes to itself"
        case .hub: "the link hub and a virtual stand, fed sessions, frames, garbage and ticks; caps and replies checked"
        }
    }

    func run(_ input: [UInt8]) throws(Violation) {
        switch self {
        case .frame: try FrameDecoderTarget.run(input)
        case .messages: try MessageDecoderTarget.run(input)
        case .hub: try LinkHubTarget.run(input)
        }
    }
}
