/// When a move is finished: the controller's arrival is at the end of the
/// period it plans, a lead ahead of the lines, so the tick that arrives has
/// only handed the last steps to the step executor. The move stays
/// `running` (at fraction 1) until every drive has written what it was
/// handed up to then; steps that went out too late latch their fault first,
/// and the fault ends the move `failed`. Never `finished`, then a fault for
/// the same steps. (CI on 2d7f099: the step thread held up at a move's end
/// faulted 200 ms after `swivelctl move --wait` had said finished.)
///
/// In virtual time the instant executor writes a plan as it takes it, so the
/// arrival is confirmed in the tick that arrives, as before.
extension StandEngine {
    /// Real-time path: reads counters, allocates nothing.
    func confirmArrivalOnceWritten() {
        guard let waiting = controller.arrivalAwaitingOutput?.requestID else {
            arrivalMarkedRequest = nil
            return
        }
        if arrivalMarkedRequest != waiting {
            // Steps still owed (held back by the rate limit, a full queue) are
            // not handed over yet: no mark covers the arrival until they are.
            for index in drives.indices {
                guard let mark = drives[index].actuator.outputMark else { return }
                arrivalMarks[index] = mark
            }
            arrivalMarkedRequest = waiting
        }
        for index in drives.indices where !drives[index].actuator.hasWrittenOutput(through: arrivalMarks[index]) {
            return
        }
        // Written or dropped: a drop latched its fault before the plan was
        // done with, and the next tick's fault check fails the move.
        guard actuatorFault() == nil else { return }
        controller.confirmOutput()
        arrivalMarkedRequest = nil
    }
}
