public import SwivelCore
public import SwivelStand

/// What the link needs from a stand: post commands into the loop, collect the
/// replies, read the published status. `Stand` is one; tests may use others.
public protocol StandControl: AnyObject, Sendable {
    func post(_ command: MotionCommand) throws(SwivelError) -> CommandTicket
    func takeReply(_ ticket: CommandTicket) -> CommandMailbox.Reply?
    /// The replies to any of `tickets` that have arrived, taken in one go.
    func takeReplies(for tickets: Set<CommandTicket>) -> [CommandTicket: CommandMailbox.Reply]
    /// How many posted commands may wait for their replies at once without one being dropped.
    var repliesHeld: Int { get }
    func status() -> StandStatus
}

extension Stand: StandControl {
    public func post(_ command: MotionCommand) throws(SwivelError) -> CommandTicket { try mailbox.post(command) }
    public func takeReply(_ ticket: CommandTicket) -> CommandMailbox.Reply? { mailbox.takeReply(ticket) }
    public func takeReplies(for tickets: Set<CommandTicket>) -> [CommandTicket: CommandMailbox.Reply] {
        mailbox.takeReplies(for: tickets)
    }
    public var repliesHeld: Int { mailbox.capacity }
}
