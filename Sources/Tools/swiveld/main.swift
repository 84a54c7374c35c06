#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(Daemon.run(arguments: Array(CommandLine.arguments.dropFirst())))
