/// What a motor type owns beside its axes' actuators and shares between
/// them (a serial bus's thread and device): made the first time an axis of
/// the type asks, started once every axis is built, stopped after the loop
/// has stopped and the drivers are disabled. The stand and the daemon start
/// and stop them through `MotorResources` without knowing which type made them.
public protocol MotorResource: AnyObject {
    func start() throws(StandSetupError)
    /// Its last writes (torque off), then its threads and devices; called once.
    func stop()
}

/// The motor types' shared resources on one stand's hardware, one per kind,
/// in the order they were made. A reference: every copy of the
/// `StandHardware` that holds it sees the same resources.
public final class MotorResources {
    private var held: [(kind: ObjectIdentifier, resource: any MotorResource)] = []

    public init() {}

    /// The resource of `kind`, made by `make` when no axis has asked for it yet.
    public func resource<Resource: MotorResource>(_ kind: Resource.Type, make: () -> Resource) -> Resource {
        if let existing = existing(kind) { return existing }
        let made = make()
        held.append((ObjectIdentifier(kind), made))
        return made
    }

    /// The resource of `kind` if one was made.
    public func existing<Resource: MotorResource>(_ kind: Resource.Type) -> Resource? {
        held.first { $0.kind == ObjectIdentifier(kind) }?.resource as? Resource
    }

    /// Every resource made, oldest first.
    public var all: [any MotorResource] { held.map(\.resource) }

    /// Once every axis is built, so a resource knows all its users.
    func startAll() throws(StandSetupError) {
        for entry in held { try entry.resource.start() }
    }

    /// Newest first: what was made last depends on no later resource.
    public func stopAll() {
        for entry in held.reversed() { entry.resource.stop() }
    }
}
