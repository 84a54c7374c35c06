import SwivelBoard
import SwivelHardware
import SwivelLinuxBackend
import SwivelRuntime
import SwivelSimBackend

extension Backend {
    /// The board's buttons and batteries, for the link thread to read, and on a
    /// simulated board the panel that presses its buttons from the keyboard and
    /// from scenes.
    func accessories(board: Board, clock: SystemMonotonicClock) throws(StandSetupError) -> (StandAccessories, SimulatedButtonPanel?) {
        do {
            switch self {
            case .simulated:
                // Its own in-memory chip: the link thread must not touch the one the tick drives.
                let simulated = try SimulatedAccessories(board: board, clock: clock)
                return (simulated.accessories, simulated.panel)
            #if os(Linux)
            case .linux(let linux):
                return (try LinuxAccessories.make(board: board, chip: linux.chip, at: clock.now()), nil)
            #endif
            }
        } catch {
            // The setup failure's words as the other setup failures print them (the reason alone).
            throw StandSetupError(error.reason)
        }
    }
}
