/// Turns STEP/DIR/ENABLE into the coil states of a unipolar stepper on four
/// lines (a 28BYJ-48 through a ULN2003), as a step/dir driver's translator
/// does in silicon. The step executor writes STEP, DIR and ENABLE to the
/// translator's `step`, `direction` and `enable` outputs with all its timing
/// rules (the rate limit is the shortest time a state is held; a late step is
/// dropped and faulted, never squeezed), and every rising STEP edge moves the
/// sequence exactly one state, so the coils never jump between states that
/// are not neighbours.
///
/// Within a change the coils that turn off are written before those that
/// turn on: between two full-step states (two coils each) the lines pass
/// through the half-step state between them, never through three coils on.
/// Real-time path: writing a state allocates nothing.
public final class UnipolarPhaseTranslator {
    /// The coil patterns in order, bit i for IN(i+1).
    public static let halfStepStates: [UInt8] = [0b0001, 0b0011, 0b0010, 0b0110, 0b0100, 0b1100, 0b1000, 0b1001]
    public static let fullStepStates: [UInt8] = [0b0011, 0b0110, 0b1100, 0b1001]

    private let coils: [any DigitalOutput]
    private let states: [UInt8]
    /// The sequence state the rotor is on (or will be when energised).
    public private(set) var stateIndex = 0
    /// The pattern on the lines now (0 while released).
    public private(set) var pattern: UInt8 = 0
    private var forward = false
    private var energised = false

    public private(set) var step: any DigitalOutput = Released()
    public private(set) var direction: any DigitalOutput = Released()
    /// Active high: energised while high, every coil off while low.
    public private(set) var enable: any DigitalOutput = Released()

    /// - Parameter coils: IN1…IN4, requested low (every coil off).
    public init(coils: [any DigitalOutput], halfStep: Bool) throws(HardwareError) {
        guard coils.count == 4 else {
            throw HardwareError(.invalidConfiguration, "a unipolar stepper has 4 coil lines, got \(coils.count)")
        }
        self.coils = coils
        states = halfStep ? Self.halfStepStates : Self.fullStepStates
        step = Pin(self, .step)
        direction = Pin(self, .direction)
        enable = Pin(self, .enable)
    }

    fileprivate enum Role { case step, direction, enable }

    fileprivate func set(_ role: Role, _ high: Bool, at instant: MonotonicInstant) {
        switch role {
        case .direction:
            forward = high
        case .step:
            // The count moves whether or not the coils are on, as a step/dir
            // translator's does; the actuator energises them before any step.
            guard high else { return }
            stateIndex = forward ? (stateIndex + 1) % states.count : (stateIndex + states.count - 1) % states.count
            if energised { write(states[stateIndex], at: instant) }
        case .enable:
            energised = high
            write(high ? states[stateIndex] : 0, at: instant)
        }
    }

    private func write(_ next: UInt8, at instant: MonotonicInstant) {
        let off = pattern & ~next
        let on = next & ~pattern
        for index in 0..<4 where off & (1 << index) != 0 { coils[index].set(false, at: instant) }
        for index in 0..<4 where on & (1 << index) != 0 { coils[index].set(true, at: instant) }
        pattern = next
    }

    /// One of the translator's inputs, as the executor sees a line.
    private final class Pin: DigitalOutput {
        unowned let translator: UnipolarPhaseTranslator
        let role: Role

        init(_ translator: UnipolarPhaseTranslator, _ role: Role) {
            self.translator = translator
            self.role = role
        }

        func set(_ high: Bool, at instant: MonotonicInstant) { translator.set(role, high, at: instant) }
    }

    /// A placeholder until init has made the pins.
    private final class Released: DigitalOutput {
        func set(_ high: Bool, at instant: MonotonicInstant) {}
    }
}
