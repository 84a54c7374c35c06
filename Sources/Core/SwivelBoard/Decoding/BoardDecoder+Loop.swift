/// The `loop` section: the control loop's rate and the step thread's core.
extension BoardDecoder {
    struct LoopRead {
        var rate: Located<Int>
        /// nil: the kernel places the step thread.
        var stepCore: Int?
    }

    /// `loop` is optional; without it the loop runs at 1000 Hz and the step
    /// thread is not pinned. nil after a problem.
    func decodeLoop(_ root: ObjectFields) -> LoopRead? {
        guard root.has("loop") else {
            return LoopRead(rate: Located(value: 1000, path: "loop.rateHz", line: root.line), stepCore: nil)
        }
        guard let loop = object(root, "loop", allowed: BoardKeys.loop, required: false) else { return nil }
        let rate = integer(loop, "rateHz", in: 100...10000, default: 1000)
        // Bounded by what a cpu_set_t can name; whether the core exists is a
        // property of the machine the daemon runs on, checked when it starts.
        let stepCore = loop.has("stepCore") ? integer(loop, "stepCore", in: BoardKeys.cpuCores) : nil
        guard let rate, stepCore != nil || !loop.has("stepCore") else { return nil }
        return LoopRead(rate: rate, stepCore: stepCore?.value)
    }
}
