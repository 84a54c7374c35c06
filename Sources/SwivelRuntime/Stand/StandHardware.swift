import SwivelBoard
import SwivelCore
public import SwivelHardware

/// The interfaces a board's lines and channels live on, whatever backs them.
public struct StandHardware {
    public var chip: any GPIOChip
    public var pwm: any PWMProvider
    public var executor: any StepExecutor

    public init(chip: any GPIOChip, pwm: any PWMProvider, executor: any StepExecutor) {
        self.chip = chip
        self.pwm = pwm
        self.executor = executor
    }

    /// Requests every line and channel the board names and builds the drivers.
    /// Outputs start at their safe level: STEP low, ENABLE inactive.
    func makeDrives(for board: Board) throws(StandSetupError) -> [AxisDrive] {
        var drives: [AxisDrive] = []
        for axis in Axis.allCases {
            guard let config = board.axes.perAxis[axis] else { continue }
            let owner = "swivel-\(axis)"
            do {
                let motor: AxisDrive.Motor
                switch config.motor {
                case .stepper(let s):
                    let planner = try StepPlanner(
                        microstepsPerRadian: s.microstepsPerRadian, maxStepRateHz: s.maxStepRateHz,
                        minPulseWidthNanoseconds: Int64(s.minPulseWidthNanoseconds),
                        directionSetupNanoseconds: Int64(s.directionSetupNanoseconds),
                        invertDirection: s.invertDirection)
                    let step = try chip.requestOutput(line: s.stepLine, initialHigh: false, consumer: owner + "-step")
                    let direction = try chip.requestOutput(line: s.directionLine, initialHigh: false, consumer: owner + "-dir")
                    let enable = try s.enableLine.map { line throws(HardwareError) in
                        try chip.requestOutput(line: line, initialHigh: s.enableActiveLow, consumer: owner + "-enable")
                    }
                    motor = .stepper(try StepperDriver(
                        step: step, direction: direction, enable: enable, enableActiveLow: s.enableActiveLow,
                        planner: planner, executor: executor))
                case .servo(let s):
                    let channel = try pwm.channel(chip: s.pwmChip, channel: s.pwmChannel)
                    motor = .servo(try ServoDriver(
                        channel: channel, periodNanoseconds: Int64(s.periodMicroseconds) * 1_000,
                        minPulseNanoseconds: Int64(s.minPulseMicroseconds) * 1_000,
                        maxPulseNanoseconds: Int64(s.maxPulseMicroseconds) * 1_000,
                        angleAtMinPulseRadians: s.angleAtMinPulseRadians,
                        angleAtMaxPulseRadians: s.angleAtMaxPulseRadians))
                }
                var encoder: (any PositionEncoder)?
                if case .quadrature(let q) = config.encoder {
                    let source = try chip.requestEdgeEvents(lines: [q.lineA, q.lineB], consumer: owner + "-encoder")
                    encoder = try QuadratureEncoder(
                        source: source, lineA: q.lineA, lineB: q.lineB, countsPerRadian: q.countsPerRadian, invert: q.invert)
                }
                drives.append(AxisDrive(axis: axis, motor: motor, encoder: encoder))
            } catch {
                throw StandSetupError("\(axis): \(error)")
            }
        }
        return drives
    }
}
