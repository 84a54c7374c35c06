public import SwivelBoard
public import SwivelHardware

/// The stand's buttons and batteries, as the link reads them. Both live on
/// the link thread: nothing here is touched by the tick.
public struct StandAccessories {
    public var buttons: ButtonWatcher?
    public var batteries: BatteryMonitor?

    public init(buttons: ButtonWatcher? = nil, batteries: BatteryMonitor? = nil) {
        self.buttons = buttons
        self.batteries = batteries
    }

    /// A board with no buttons and no batteries.
    public static var none: StandAccessories { StandAccessories() }

    /// Requests one edge source per button through `request` and builds the watcher
    /// with each button's `debounceMs` as its software window.
    /// - Parameter softwareDebounce: false where the kernel already debounces
    ///   the lines (libgpiod 2.x): the software window is then 0.
    public static func watchButtons(
        _ buttons: [Board.Button], at now: MonotonicInstant, softwareDebounce: Bool = true,
        request: (Board.Button) throws(HardwareError) -> any EdgeEventSource
    ) throws(HardwareError) -> ButtonWatcher? {
        guard !buttons.isEmpty else { return nil }
        do {
            var sources: [any EdgeEventSource] = []
            for button in buttons { sources.append(try request(button)) }
            return try ButtonWatcher(
                buttons: buttons, sources: sources,
                windowNanoseconds: buttons.map { softwareDebounce ? Int64($0.debounceMilliseconds) * 1_000_000 : 0 },
                at: now)
        } catch {
            throw HardwareError(error.kind, "buttons: \(error.reason)")
        }
    }

    public static func consumer(_ button: Board.Button) -> String { "swivel-button-\(button.name)" }
}
