#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// pthread_t is an integer on Glibc and an optional pointer on Darwin; these
// two functions hide the difference from the executor.

#if canImport(Glibc)
typealias ThreadHandle = pthread_t

func emptyThreadHandle() -> ThreadHandle { 0 }

func startExecutorThread(_ handle: inout ThreadHandle, _ context: UnsafeMutableRawPointer) -> Int32 {
    pthread_create(&handle, nil, { context in
        guard let context else { return nil }
        Unmanaged<BusyWaitCore>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }, context)
}

func joinExecutorThread(_ handle: ThreadHandle) -> Int32 {
    pthread_join(handle, nil)
}
#else
typealias ThreadHandle = pthread_t?

func emptyThreadHandle() -> ThreadHandle { nil }

func startExecutorThread(_ handle: inout ThreadHandle, _ context: UnsafeMutableRawPointer) -> Int32 {
    pthread_create(&handle, nil, { context in
        Unmanaged<BusyWaitCore>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }, context)
}

func joinExecutorThread(_ handle: ThreadHandle) -> Int32 {
    guard let handle else { return 0 }
    return pthread_join(handle, nil)
}
#endif
