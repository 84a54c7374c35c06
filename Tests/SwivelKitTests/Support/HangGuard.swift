import SwivelTestSupport
import Testing

extension Trait where Self == TimeLimitTrait {
    /// A suite's guard against a hang, not a bound on its speed: a minute,
    /// ten under a sanitizer (`Sanitizers.slowdown`).
    static var hangGuard: Self { .timeLimit(Sanitizers.active ? .minutes(10) : .minutes(1)) }
}
