import SwivelBoard
import SwivelHardware
import SwivelRuntime

extension Backend {
    /// The board's buttons and batteries, for the link thread to read.
    func accessories(board: Board, clock: SystemMonotonicClock) throws(StandSetupError) -> StandAccessories {
        switch self {
        case .simulated:
            // Its own mock chip: the link thread must not touch the one the tick drives.
            return try SimulatedAccessories(board: board, clock: clock).accessories
        #if os(Linux)
        case .linux(let linux):
            return try LinuxAccessories.make(board: board, chip: linux.chip, at: clock.now())
        #endif
        }
    }
}
