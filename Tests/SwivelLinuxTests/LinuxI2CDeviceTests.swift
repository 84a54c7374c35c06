#if os(Linux)
import Glibc
import SwivelPOSIX
import SwivelHardware
@testable import SwivelLinux
import Testing

/// The i2c-dev wrapper: its error paths against what this machine has (no
/// I2C bus), its requests against the kernel headers and, through a fake
/// kernel (`FakeI2CAdapter`), every answer i2c-dev and an adapter can give.
@Suite struct LinuxI2CDeviceTests {
    static func openError(_ path: String, address: UInt8 = 0x36) -> I2CError? {
        do {
            _ = try LinuxI2CDevice(path: path, address: address)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingBusSaysHowToEnableIt() throws {
        let tree = try TemporaryTree("swivel-i2c")
        let error = try #require(Self.openError(tree.url("i2c-9")))
        #expect(error.kind == .noSuchBus)
        #expect(error.reason == "\(tree.url("i2c-9")) does not exist")
    }

    @Test(.enabled(if: access("/dev/i2c-1", F_OK) != 0, "this machine has /dev/i2c-1"))
    func busOneMissingPointsAtConfigTxt() throws {
        do {
            _ = try LinuxI2CDevice.open(bus: 1, address: 0x36)
            Issue.record("opened /dev/i2c-1, which does not exist")
        } catch {
            #expect(error.kind == .noSuchBus)
            #expect(error.reason.hasPrefix("/dev/i2c-1 does not exist: enable I2C with dtparam=i2c_arm=on in config.txt"))
        }
    }

    @Test func aRegularFileIsNotAnAdapter() throws {
        let tree = try TemporaryTree("swivel-i2c")
        try tree.write("i2c-1", "not a bus")
        let error = try #require(Self.openError(tree.url("i2c-1")))
        #expect(error.kind == .notAnAdapter)
        #expect(error.reason == "\(tree.url("i2c-1")) is not an i2c adapter (ioctl I2C_FUNCS: \(Errno(ENOTTY).numberedDescription))")
    }

    @Test func aTerminalIsNotAnAdapter() throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        try #require(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer {
            close(primary)
            close(secondary)
        }
        let name = try #require(ttyname(secondary).map { String(cString: $0) })
        let error = try #require(Self.openError(name))
        #expect(error.kind == .notAnAdapter)
        #expect(error.reason.hasPrefix("\(name) is not an i2c adapter (ioctl I2C_FUNCS: "))
    }

    @Test func permissionDeniedNamesTheI2CGroup() throws {
        let tree = try TemporaryTree("swivel-i2c")
        try tree.write("i2c-1", "", mode: 0o600)
        try #require(UnprivilegedFileAccess.isWriteDenied(tree.url("i2c-1")))
        let error = try #require(UnprivilegedFileAccess.run { Self.openError(tree.url("i2c-1")) })
        #expect(error.kind == .permissionDenied)
        #expect(error.reason.hasPrefix("permission denied opening \(tree.url("i2c-1")) (owner "))
        #expect(error.reason.hasSuffix(I2CDiagnostics.groupAdvice))
    }

    @Test func addressesOutsideSevenBitsAreRefusedBeforeOpening() {
        for address: UInt8 in [0x00, 0x07, 0x78, 0xFF] {
            #expect(Self.openError("/nonexistent/i2c-1", address: address)?.kind == .invalidRequest)
        }
    }

    @Test func transferErrnosBecomeWhatToCheck() {
        let path = "/dev/i2c-1"
        // EREMOTEIO/ENXIO: the address was not acknowledged; ENODEV: i2c-stub has no chip there.
        for code in [EREMOTEIO, ENXIO, ENODEV] {
            let error = I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, Errno(code))
            #expect(error.kind == .noAnswer)
            #expect(error.reason.hasPrefix("nothing answered at address 0x36 on /dev/i2c-1 (\(Errno(code).numberedDescription)): "))
            #expect(error.reason.contains("i2cdetect -y 1"))
        }
        let busError = I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, Errno(EIO))
        #expect(busError == I2CError(.transferFailed, "reading register 0x0b at address 0x36 on /dev/i2c-1: bus error "
            + "(\(Errno(EIO).numberedDescription)); check the SDA/SCL wiring, the pull-ups and the cable length"))
        let timeout = I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, Errno(ETIMEDOUT))
        #expect(timeout.kind == .transferFailed)
        #expect(timeout.reason.hasPrefix("reading register 0x0b at address 0x36 on /dev/i2c-1: the bus timed out ("))
        #expect(I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, Errno(EAGAIN)).kind == .transferFailed)
        #expect(I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, Errno(EOPNOTSUPP)).kind == .unsupportedTransfer)
        #expect(I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, Errno(ENOTTY)).kind == .notAnAdapter)
        #expect(I2CDiagnostics.shortRead(path, address: 0x36, register: 0x0B, returned: 2, wanted: 3)
            == I2CError(.transferFailed, "reading register 0x0b at address 0x36 on /dev/i2c-1: the adapter returned 2 of 3 bytes"))
        #expect(I2CDiagnostics.hex(0x08) == "0x08")
        #expect(I2CDiagnostics.hexWord(0x0C7F_0000) == "0x0c7f0000")
    }

    @Test func theRequestHasTheKernelLayout() {
        // struct i2c_smbus_ioctl_data: __u8 read_write, __u8 command, __u32 size, union i2c_smbus_data *data.
        typealias Request = I2CKernelInterface.SMBusRequest
        #expect(MemoryLayout<Request>.offset(of: \.readWrite) == 0)
        #expect(MemoryLayout<Request>.offset(of: \.command) == 1)
        #expect(MemoryLayout<Request>.offset(of: \.size) == 4)
        #expect(MemoryLayout<Request>.offset(of: \.data) == 8)
        #expect(MemoryLayout<Request>.size == 8 + MemoryLayout<UnsafeRawPointer>.size)
        // union i2c_smbus_data: __u8 block[I2C_SMBUS_BLOCK_MAX + 2], block[0] the length.
        #expect(I2CKernelInterface.blockMaximum == 32)
        #expect(I2CKernelInterface.dataByteCount == 34)
        #expect(I2CKernelInterface.dataAlignment == 2)
    }

    /// What the C compiler makes of this machine's <linux/i2c.h> and <linux/i2c-dev.h>.
    static let layoutProbe = """
        #include <stdio.h>
        #include <stddef.h>
        #include <linux/i2c.h>
        #include <linux/i2c-dev.h>

        int main(void)
        {
        	printf("%zu %zu %zu %zu %zu %zu %zu %zu %lu %lu %lu %lu %d %d %d\\n",
        	       sizeof(struct i2c_smbus_ioctl_data),
        	       offsetof(struct i2c_smbus_ioctl_data, read_write),
        	       offsetof(struct i2c_smbus_ioctl_data, command),
        	       offsetof(struct i2c_smbus_ioctl_data, size),
        	       offsetof(struct i2c_smbus_ioctl_data, data),
        	       sizeof(union i2c_smbus_data), _Alignof(union i2c_smbus_data),
        	       sizeof(((union i2c_smbus_data *)0)->block),
        	       (unsigned long)I2C_SLAVE, (unsigned long)I2C_FUNCS, (unsigned long)I2C_SMBUS,
        	       (unsigned long)I2C_FUNC_SMBUS_READ_I2C_BLOCK,
        	       I2C_SMBUS_READ, I2C_SMBUS_I2C_BLOCK_DATA, I2C_SMBUS_BLOCK_MAX);
        	return 0;
        }
        """

    @Test(.enabled(if: access("/usr/include/linux/i2c-dev.h", R_OK) == 0, "no kernel headers (linux-libc-dev)"))
    func theMirrorMatchesTheKernelHeaders() throws {
        let tree = try TemporaryTree("swivel-i2c-layout")
        try tree.write("probe.c", Self.layoutProbe)
        let compiler = getenv("CC").map { String(cString: $0) } ?? "cc"
        let build = try ChildProcess.run([compiler, "-std=gnu11", "-Wall", "-Werror", "-o", tree.url("probe"), tree.url("probe.c")],
                                         outputFile: tree.url("build.log"))
        try #require(build.status == 0, "compiler output:\n\(build.output)")
        let run = try ChildProcess.run([tree.url("probe")], outputFile: tree.url("run.log"))
        try #require(run.status == 0)
        typealias Request = I2CKernelInterface.SMBusRequest
        let swift: [Int] = [
            MemoryLayout<Request>.size, MemoryLayout<Request>.offset(of: \.readWrite) ?? -1,
            MemoryLayout<Request>.offset(of: \.command) ?? -1, MemoryLayout<Request>.offset(of: \.size) ?? -1,
            MemoryLayout<Request>.offset(of: \.data) ?? -1,
            I2CKernelInterface.dataByteCount, I2CKernelInterface.dataAlignment, I2CKernelInterface.dataByteCount,
            Int(I2CKernelInterface.setAddress), Int(I2CKernelInterface.functions), Int(I2CKernelInterface.smbus),
            Int(I2CKernelInterface.functionReadI2CBlock),
            Int(I2CKernelInterface.smbusRead), Int(I2CKernelInterface.smbusI2CBlockData), I2CKernelInterface.blockMaximum,
        ]
        let kernel = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Int($0) ?? -1 }
        #expect(kernel == swift, "the kernel headers say \(run.output)")
    }

    // MARK: - Against a fake kernel (no I2C bus on the machines the tests run on)

    static func device(_ adapter: FakeI2CAdapter, path: String = "/dev/i2c-1", address: UInt8 = 0x36) throws(I2CError) -> LinuxI2CDevice {
        try LinuxI2CDevice(file: adapter, path: path, address: address)
    }

    static func read(_ device: LinuxI2CDevice, _ register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 1)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0xEE)
        try device.read(register: register, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]))
        return Array(buffer[0..<count])
    }

    @Test func aRegisterReadIsOneI2CBlockReadAtTheAddressSetAtOpen() throws {
        let adapter = FakeI2CAdapter()
        adapter.registers[0x0B] = 0x20
        adapter.registers[0x0C] = 0x04
        adapter.registers[0x0D] = 0x00
        adapter.registers[0x0E] = 0x99
        let device = try Self.device(adapter)
        #expect(adapter.selectedAddress == 0x36)
        #expect(adapter.transfers == 0)
        #expect(try Self.read(device, 0x0B, count: 3) == [0x20, 0x04, 0x00])
        #expect(adapter.lastRequest == FakeI2CAdapter.Request(readWrite: 1, command: 0x0B, size: 8, length: 3))
        adapter.registers[0x0D] = 0x7F
        #expect(try Self.read(device, 0x0C, count: 2) == [0x04, 0x7F])
        #expect(adapter.lastRequest == FakeI2CAdapter.Request(readWrite: 1, command: 0x0C, size: 8, length: 2))
        // The address is set once, at open; each read is one transfer.
        #expect(adapter.selections == 1)
        #expect(adapter.transfers == 2)
    }

    @Test func smbusOnlyAdaptersAndEmulatingOnesBothServeTheSensor() throws {
        // i2c-stub has no I2C_FUNC_I2C (the old reader refused it); the Pi's adapter emulates SMBus.
        for functions in [FakeI2CAdapter.stubFunctions, FakeI2CAdapter.bcm2835Functions] {
            let adapter = FakeI2CAdapter(functions: functions)
            adapter.registers[0x0B] = 0x20
            let device = try Self.device(adapter)
            #expect(try Self.read(device, 0x0B, count: 1) == [0x20])
        }
    }

    @Test func anAdapterWithoutI2CBlockReadsIsRefusedAtOpen() {
        // Plain I2C and SMBus byte reads, no I2C block read (I2C_FUNC_SMBUS_READ_I2C_BLOCK).
        let adapter = FakeI2CAdapter(functions: 0x0000_0001 | 0x0018_0000)
        #expect(throws: I2CError(.unsupportedTransfer, "/dev/i2c-1 cannot do SMBus I2C block reads, which the sensor is read with "
            + "(I2C_FUNC_SMBUS_READ_I2C_BLOCK is not in its functionality 0x00180001; i2cdetect -F 1 lists it): "
            + "use an adapter that has it (the Pi's i2c-bcm2835 and most USB adapters, through the kernel's SMBus emulation)")) {
            try Self.device(adapter)
        }
        #expect(adapter.selections == 0)
        #expect(adapter.transfers == 0)
    }

    @Test func aFailedFunctionalityQueryIsNotAnAdapter() {
        let adapter = FakeI2CAdapter()
        adapter.functionsFailure = ENOTTY
        #expect(throws: I2CError(.notAnAdapter, "/dev/i2c-1 is not an i2c adapter (ioctl I2C_FUNCS: \(Errno(ENOTTY).numberedDescription))")) {
            try Self.device(adapter)
        }
    }

    @Test func anAddressAKernelDriverOwnsIsItsOwnError() {
        let adapter = FakeI2CAdapter()
        adapter.driverBoundAddresses = [0x36]
        #expect(throws: I2CError(.addressInUse, "address 0x36 on /dev/i2c-1 belongs to a kernel driver "
            + "(ioctl I2C_SLAVE: \(Errno(EBUSY).numberedDescription)): /sys/bus/i2c/devices/1-0036/driver names it; "
            + "unbind it or remove the dtoverlay or the new_device entry that created it")) {
            try Self.device(adapter)
        }
        #expect(adapter.transfers == 0)
    }

    @Test func readsOfNoneOrMoreThan32BytesAreRefusedBeforeTheBus() throws {
        let adapter = FakeI2CAdapter()
        let device = try Self.device(adapter)
        for count in [0, 33, 64] {
            #expect(throws: I2CError(.invalidRequest, "a read of \(count) bytes from register 0x0b on /dev/i2c-1: "
                + "one SMBus I2C block read carries 1 to 32 bytes")) {
                try Self.read(device, 0x0B, count: count)
            }
        }
        #expect(adapter.transfers == 0)
        for index in 0..<32 { adapter.registers[0x20 + index] = UInt8(index) }
        #expect(try Self.read(device, 0x20, count: 32) == (0..<32).map { UInt8($0) })
        #expect(adapter.lastRequest?.length == 32)
    }

    @Test func aShortBlockIsAFailedTransfer() throws {
        // i2c-stub cuts a block at its last register and says so in block[0].
        let adapter = FakeI2CAdapter()
        let device = try Self.device(adapter)
        #expect(throws: I2CError(.transferFailed, "reading register 0xfe at address 0x36 on /dev/i2c-1: the adapter returned 2 of 3 bytes")) {
            try Self.read(device, 0xFE, count: 3)
        }
    }

    @Test func noDeviceAtTheAddressAndBusErrorsSayWhatToCheck() throws {
        // i2c-stub loaded with another chip_addr: the transfer is ENODEV.
        let empty = FakeI2CAdapter(deviceAddresses: [0x40])
        let absent = try Self.device(empty)
        do {
            _ = try Self.read(absent, 0x0B, count: 3)
            Issue.record("read a device that is not there")
        } catch {
            #expect(error.kind == .noAnswer)
            #expect(error.reason.hasPrefix("nothing answered at address 0x36 on /dev/i2c-1 (\(Errno(ENODEV).numberedDescription))"))
        }
        let adapter = FakeI2CAdapter()
        adapter.registers[0x0B] = 0x20
        let device = try Self.device(adapter)
        adapter.failure = EIO
        adapter.failureCount = 1
        #expect(throws: I2CDiagnostics.transferFailed("/dev/i2c-1", address: 0x36, register: 0x0B, Errno(EIO))) {
            try Self.read(device, 0x0B, count: 1)
        }
        // The failure leaves nothing behind: the next read is whole.
        #expect(try Self.read(device, 0x0B, count: 1) == [0x20])
    }

    @Test func theAS5600EncoderReadsThroughTheBlockRead() throws {
        let adapter = FakeI2CAdapter()
        // STATUS: magnet detected (MD); RAW ANGLE 0x400 = 1024 counts, a quarter turn.
        adapter.registers[0x0B] = 0x20
        adapter.registers[0x0C] = 0x04
        adapter.registers[0x0D] = 0x00
        let encoder = try AS5600Encoder(device: try Self.device(adapter), gearRatio: 1, invert: false, zeroOffsetRadians: 0)
        #expect(encoder.sampleOnce() == .angle(rawCounts: 1_024, status: .magnetDetected))
        #expect(adapter.lastRequest == FakeI2CAdapter.Request(readWrite: 1, command: 0x0B, size: 8, length: 3))
        encoder.update()
        #expect(abs(encoder.positionRadians - Double.pi / 2) < 1e-12)
        // Magnet too weak (ML with MD): counted as invalid, the position stays.
        adapter.registers[0x0B] = 0x30
        adapter.registers[0x0C] = 0x08
        #expect(encoder.sampleOnce() == .magnetFault(AS5600Status(rawValue: 0x30)))
        encoder.update()
        #expect(abs(encoder.positionRadians - Double.pi / 2) < 1e-12)
        #expect(encoder.invalidReadings == 1)
        adapter.failureCount = 1
        guard case .busFailure(let error) = encoder.sampleOnce() else {
            Issue.record("a failed transfer was not a bus failure")
            return
        }
        #expect(error.kind == .transferFailed)
        #expect(encoder.lostReadings == 1)
    }
}
#endif
