import SwivelSync

/// What keeps a link running. The manager holds one, and so does every
/// accessory it docked and every stream handed out, so an accessory returned
/// from a function that made its own manager stays docked and working. When
/// the last holder goes, the link says BYE and its thread ends.
///
/// The link thread itself holds no lease, and holds accessories only weakly,
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

/// The manager's strong hold on the docked accessory: while the manager lives,
/// `manager.accessory` answers even if the app kept no reference of its own.
/// The link thread fills it through a weak reference.
final class DockedAccessorySlot: Sendable {
    private let value = PIMutex<DockAccessory?>(nil)

    var accessory: DockAccessory? { value.withLock { $0 } }

    func set(_ accessory: DockAccessory?) { value.withLock { $0 = accessory } }
}
