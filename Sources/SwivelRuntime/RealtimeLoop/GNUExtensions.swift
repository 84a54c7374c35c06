#if os(Linux)
import Glibc

/// glibc functions that need _GNU_SOURCE, which the Glibc module does not define,
/// looked up at run time instead. Resolved once, before any real-time work.
enum GNUExtensions {
    typealias SchedSetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer?) -> Int32
    typealias PthreadSetName = @convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32

    static let schedSetAffinity: SchedSetAffinity? = lookUp("sched_setaffinity")
    static let pthreadSetName: PthreadSetName? = lookUp("pthread_setname_np")
    typealias PthreadGetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>?) -> Int32
    static let pthreadGetAttributes: PthreadGetAttributes? = lookUp("pthread_getattr_np")

    private static func lookUp<Function>(_ symbol: String) -> Function? {
        // dlopen(nil) is the main program and every library it loaded (libc among them).
        guard let everything = dlopen(nil, RTLD_NOW), let address = dlsym(everything, symbol) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
#endif
