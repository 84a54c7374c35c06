public import SwivelCore

/// What the link needs from a stand: post commands into the loop, collect the
/// replies, read the published status. `Stand` is one; tests may use others.
public protocol StandControl: AnyObject, Sendable {
    func post(_ command: MotionCommand) throws(SwivelError) -> CommandTicket
    func takeReply(_ ticket: CommandTicket) -> CommandMailbox.Reply?
    func status() -> StandStatus
}

extension Stand: StandControl {
    public func post(_ command: MotionCommand) throws(SwivelError) -> CommandTicket { try mailbox.post(command) }
    public func takeReply(_ ticket: CommandTicket) -> CommandMailbox.Reply? { mailbox.takeReply(ticket) }
}
