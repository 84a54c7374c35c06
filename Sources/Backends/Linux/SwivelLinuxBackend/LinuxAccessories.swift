#if os(Linux)
public import SwivelBoard
public import SwivelHardware
public import SwivelLinux
public import SwivelAccessories

/// A gpiod board's buttons on its GPIO chip and its batteries from
/// /sys/class/power_supply. With libgpiod 2.x the kernel debounces the
/// buttons; with 1.x, which cannot ask it to, the software debouncer does.
public enum LinuxAccessories {
    public static func make(
        board: Board, chip: GPIODChip, at now: MonotonicInstant, powerSupplyRoot: String = SysfsPowerSupply.defaultRoot
    ) throws(HardwareError) -> StandAccessories {
        let kernel = GPIODChip.hasKernelDebounce
        let buttons = try StandAccessories.watchButtons(board.buttons, at: now, softwareDebounce: !kernel) {
            button throws(HardwareError) in
            try chip.requestEdgeEventSource(
                lines: [button.line], consumer: StandAccessories.consumer(button), bias: bias(button.bias),
                kernelEventCapacity: 0, readBatchCapacity: 16,
                debounceMicroseconds: kernel ? button.debounceMilliseconds * 1_000 : 0)
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
