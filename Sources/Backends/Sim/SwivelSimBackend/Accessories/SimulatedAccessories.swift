public import SwivelAccessories
public import SwivelBoard
public import SwivelHardware

/// The simulated board's buttons and batteries. The buttons sit on a mock
/// chip of their own, so the link thread reading them never touches the chip
/// the tick and the physical model use. A test on the link's thread presses
/// one with `press(_:at:)` (or `buttonChip.driveInput`); another thread (the
/// daemon's keyboard, a scene) presses through `panel`.
public final class SimulatedAccessories {
    public let buttonChip: InMemoryGPIOChip
    public let powerSupply: SimulatedPowerSupply
    public let accessories: StandAccessories
    public let panel: SimulatedButtonPanel

    public init(board: Board, clock: any MonotonicClock) throws(HardwareError) {
        let highest = board.buttons.map(\.line).max() ?? 0
        do {
            buttonChip = try InMemoryGPIOChip(label: board.gpioChipLabel + "-buttons", lineCount: max(64, highest + 1), clock: clock)
            // At rest before anything watches them: a pulled-up active-low button reads high.
            for button in board.buttons {
                try buttonChip.driveInput(line: button.line, high: button.activeLow, at: clock.now())
            }
        } catch {
            throw HardwareError(error.kind, "simulated buttons: \(error.reason)")
        }
        let chip = buttonChip
        let buttons = try StandAccessories.watchButtons(board.buttons, at: clock.now()) { button throws(HardwareError) in
            try chip.requestEdgeEvents(lines: [button.line], consumer: StandAccessories.consumer(button))
        }
        let simulated = board.simulation?.batteries ?? []
        powerSupply = SimulatedPowerSupply(batteries: simulated, clock: clock)
        let batteries = simulated.isEmpty ? nil : BatteryMonitor(
            entries: simulated.map { BatteryMonitor.Entry(name: $0.name, supply: $0.name) }, source: powerSupply)
        accessories = StandAccessories(buttons: buttons, batteries: batteries)
        let panel = SimulatedButtonPanel(buttons: board.buttons)
        self.panel = panel
        // Weak: the chip holds this hook, and the hook must not keep the chip alive.
        buttonChip.beforeInputRead = { [weak chip, clock] in
            guard let chip else { return }
            panel.apply(to: chip, now: clock.now())
        }
    }

    /// Presses (or releases) the button named `name` as a clean contact would.
    public func press(_ name: String, _ pressed: Bool = true, at instant: MonotonicInstant) throws(HardwareError) {
        guard let button = accessories.buttons?.buttons.first(where: { $0.name == name }) else {
            throw HardwareError(.invalidConfiguration, "the simulated board has no button '\(name)'")
        }
        try buttonChip.driveInput(line: button.line, high: pressed != button.activeLow, at: instant)
    }
}
