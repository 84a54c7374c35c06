#if os(Linux)
import Glibc
import Testing

/// The shim's libgpiod 2.x branch cannot be built by SwiftPM on a machine
/// with libgpiod 1.6; this compiles it with the C compiler against a 2.x
/// prefix (include/gpiod.h, lib/libgpiod.so), links a probe and runs it.
@Suite struct LibgpiodV2ShimTests {
    static let packageRoot: String = {
        // …/Tests/SwivelLinuxTests/LibgpiodV2ShimTests.swift → the package root.
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static let probe = """
        #include <errno.h>
        #include <stdio.h>
        #include "swivel_gpio.h"

        int main(void)
        {
        	swivel_gpio_chip *chip = NULL;
        	int version = swivel_gpio_api_version();
        	int found = swivel_gpio_chip_open_label("swivel-no-such-chip", &chip);

        	printf("api %d, open_label %d\\n", version, found);
        	if (version != 2)
        		return 10;
        	/* The 2.x branch scans /dev itself: an unknown label is ENOENT,
        	 * or EACCES when some chip could not be opened. */
        	if (found != -ENOENT && found != -EACCES)
        		return 11;
        	return 0;
        }
        """

    @Test(.enabled(
        if: GPIOTestEnvironment.libgpiod2Prefix != nil,
        "set SWIVEL_LIBGPIOD2_PREFIX to a libgpiod 2.x prefix (include/gpiod.h, lib/libgpiod.so) to build the shim's 2.x branch"))
    func shimBuildsAndRunsAgainstLibgpiod2() throws {
        let prefix = try #require(GPIOTestEnvironment.libgpiod2Prefix)
        let tree = try TemporaryTree("swivel-gpiod2")
        try tree.write("probe.c", Self.probe)
        let shim = Self.packageRoot + "/Sources/Backends/Linux/CSwivelGPIO"
        let compiler = getenv("CC").map { String(cString: $0) } ?? "cc"
        let build = try ChildProcess.run([
            compiler, "-std=gnu11", "-Wall", "-Wextra", "-Werror",
            "-I", prefix + "/include", "-I", shim + "/include",
            "-o", tree.url("probe"), tree.url("probe.c"), shim + "/swivel_gpio.c",
            "-L", prefix + "/lib", "-lgpiod", "-Wl,-rpath," + prefix + "/lib",
        ], outputFile: tree.url("build.log"))
        #expect(build.status == 0, "compiler output:\n\(build.output)")
        guard build.status == 0 else { return }

        let run = try ChildProcess.run([tree.url("probe")], outputFile: tree.url("run.log"))
        #expect(run.status == 0, "probe output:\n\(run.output)")
        #expect(run.output.hasPrefix("api 2,"))
    }
}
#endif
