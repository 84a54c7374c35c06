package import SwivelPorts

/// The link thread's time: what every `LinkTiming` interval is measured on
/// (the reply timeout, heartbeats, reconnecting, progress polls).
///
/// An app runs on `WallLinkClock`. A test hands in a clock that follows a
/// simulated stand's virtual time instead, so a timeout is measured on the
/// same clock as the stand that should have answered, and a loaded machine
/// that runs the stand slowly cannot make a reply look late.
package protocol LinkClock: Sendable {
    /// Now: time since the clock's own origin.
    var now: Duration { get }

    /// Blocks until a descriptor of `polls` is ready or `deadline` (on this
    /// clock) has come; `waker`, which is among `polls`, ends the wait early.
    /// It may return sooner than either: the loop looks again and waits again.
    func wait(_ polls: inout PollSet, until deadline: Duration, waker: PollWaker) throws(PortError)

    /// The link thread has ended: it will neither read the time nor wait again.
    func loopEnded()
}

/// Real time, for apps and `swivelctl`.
package struct WallLinkClock: LinkClock {
    package init() {}

    private let origin = ContinuousClock.now

    package var now: Duration { ContinuousClock.now - origin }

    package func wait(_ polls: inout PollSet, until deadline: Duration, waker: PollWaker) throws(PortError) {
        let remaining = deadline - now
        // At most a second: the loop then looks again, whatever it waits for.
        let milliseconds = remaining <= .zero ? 0 : Int32(min((remaining.inSeconds * 1000).rounded(.up), 1000))
        _ = try polls.wait(timeoutMilliseconds: milliseconds)
    }

    package func loopEnded() {}
}
