#if os(Linux)
public import SwivelBoard
public import SwivelHardware
public import SwivelLinux

/// A gpiod board's buttons on its GPIO chip and its batteries from
/// /sys/class/power_supply. Debouncing is in software (the shim does not yet
/// ask libgpiod 2.x for the kernel's debounce).
public enum LinuxAccessories {
    public static func make(
        board: Board, chip: GPIODChip, at now: MonotonicInstant, powerSupplyRoot: String = SysfsPowerSupply.defaultRoot
    ) throws(StandSetupError) -> StandAccessories {
        let buttons = try StandAccessories.watchButtons(board.buttons, at: now) { button throws(HardwareError) in
            try chip.requestEdgeEventSource(
                lines: [button.line], consumer: StandAccessories.consumer(button), bias: bias(button.bias),
                kernelEventCapacity: 0, readBatchCapacity: 16)
        }
        let batteries = board.batteries.isEmpty ? nil : BatteryMonitor(
            entries: board.batteries.map { BatteryMonitor.Entry(name: $0.name, supply: $0.powerSupply) },
            source: SysfsPowerSupply(root: powerSupplyRoot))
        return StandAccessories(buttons: buttons, batteries: batteries)
    }

    static func bias(_ bias: Board.Button.Bias) -> GPIOBias {
        switch bias {
        case .pullUp: .pullUp
        case .pullDown: .pullDown
        case .none: .disabled
        }
    }
}
#endif
