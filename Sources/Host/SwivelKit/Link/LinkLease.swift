import SwivelSync

/// What keeps a link running. The connection holds one, and so does every
/// session it docked and every stream handed out, so a session returned
/// from a function that made its own connection stays docked and working. When
/// the last holder goes, the link says BYE and its thread ends.
///
/// The link thread itself holds no lease, and holds sessions only weakly,
/// or the link could never end.
final class LinkLease: Sendable {
    let link: LinkClient

    init(_ link: LinkClient) {
        self.link = link
    }

    deinit {
        link.stop(goodbye: true)
    }
}

/// The connection's strong hold on the docked session: while the connection lives,
/// `connection.session` answers even if the app kept no reference of its own.
/// The link thread fills it through a weak reference.
final class DockedSessionSlot: Sendable {
    private let value = PIMutex<StandSession?>(nil)

    var session: StandSession? { value.withLock { $0 } }

    func set(_ session: StandSession?) { value.withLock { $0 = session } }
}
