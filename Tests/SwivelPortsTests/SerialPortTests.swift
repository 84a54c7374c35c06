#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SwivelPorts
import SwivelTestSupport
import Testing

/// Opening a serial device: the failures a user meets first, worded so they can act.
@Suite struct SerialPortTests {
    @Test func aMissingDeviceIsAnOpenErrorWithTheOSReason() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("ttyUSB0")
        let error = #expect(throws: PortError.self) { try SerialPort.open(path: path, baudRate: 115_200) }
        #expect(error?.kind == .open)
        #expect(error?.errno == ENOENT)
        #expect(error?.path == path)
        #expect(error?.description == "open \(path): No such file or directory (errno 2)")
    }

    @Test func aRegularFileIsNotATerminal() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.writeFile("not-a-tty", "plain text")
        let error = #expect(throws: PortError.self) { try SerialPort.open(path: path, baudRate: 115_200) }
        #expect(error?.kind == .configure)
        #expect(error?.errno == ENOTTY)
        #expect(error?.description.hasPrefix("configure \(path): not a terminal") == true)
    }

    @Test func anUnsupportedRateNamesTheSupportedOnes() throws {
        let pair = try PseudoTerminalPair.open()
        let error = #expect(throws: PortError.self) { try SerialPort.open(path: pair.secondaryPath, baudRate: 12_345) }
        #expect(error?.kind == .unsupportedBaudRate)
        let text = error?.description ?? ""
        #expect(text.contains("unsupported baud rate 12345"))
        #expect(text.contains("9600, 19200, 38400, 57600, 115200, 230400"))
    }

    @Test func theRateIsCheckedBeforeTheDeviceIsTouched() throws {
        let error = #expect(throws: PortError.self) { try SerialPort.open(path: "/nonexistent/tty", baudRate: 0) }
        #expect(error?.kind == .unsupportedBaudRate)
    }

    @Test func supportsTheCommonRatesInOrder() {
        let rates = SerialPort.supportedBaudRates
        for rate in [9_600, 19_200, 38_400, 57_600, 115_200, 230_400] {
            #expect(rates.contains(rate))
        }
        #if canImport(Glibc)
        for rate in [460_800, 921_600, 1_000_000, 1_500_000, 2_000_000] {
            #expect(rates.contains(rate))
        }
        #endif
        #expect(rates == rates.sorted())
    }

    /// Every listed rate is one termios really sets: open a pty's secondary at it
    /// and read the speed back.
    @Test(arguments: SerialPort.supportedBaudRates)
    func everyListedRateIsSet(rate: Int) throws {
        let pair = try PseudoTerminalPair.open()
        defer { withExtendedLifetime(pair) {} }
        let host = try SerialPort.open(path: pair.secondaryPath, baudRate: rate)
        var settings = termios()
        #expect(tcgetattr(host.fileDescriptor, &settings) == 0)
        let expected = try #require(BaudRate.speed(for: rate))
        #expect(cfgetospeed(&settings) == expected)
        #expect(cfgetispeed(&settings) == expected)
    }

    @Test func opensRawEightBitWithoutFlowControl() throws {
        let pair = try PseudoTerminalPair.open()
        defer { withExtendedLifetime(pair) {} }
        let host = try SerialPort.open(path: pair.secondaryPath, baudRate: 115_200)
        var settings = termios()
        #expect(tcgetattr(host.fileDescriptor, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(settings.c_iflag & tcflag_t(IXON | ICRNL | ISTRIP) == 0)
        #expect(settings.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        #expect(settings.c_cflag & tcflag_t(CLOCAL | CREAD) == tcflag_t(CLOCAL | CREAD))
        #expect(settings.c_cflag & hardwareFlowControlFlags == 0)
        let (minimum, time) = withUnsafeBytes(of: settings.c_cc) { ($0[Int(VMIN)], $0[Int(VTIME)]) }
        #expect(minimum == 0)
        #expect(time == 0)
        #expect(fcntl(host.fileDescriptor, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(host.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
    }

    /// Root passes every permission check, so EACCES is shown through the error the
    /// open path builds from it.
    @Test func permissionDeniedOnATTYCarriesAGroupHint() {
        let error = PortError.openFailed(path: "/dev/ttyUSB0", errno: EACCES)
        #if canImport(Glibc)
        #expect(error.description == "open /dev/ttyUSB0: Permission denied (errno 13): is the user in the dialout group?")
        #endif
        #expect(error.hint != nil)
        #expect(PortError.openFailed(path: "/dev/ttyUSB0", errno: ENOENT).hint == nil)
    }

    /// swiveld's pty belongs to whoever started it: no group opens it, so the
    /// hint must not send the user to dialout.
    @Test func permissionDeniedOnSwiveldsPtyDoesNotNameAGroup() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        let pair = try PseudoTerminalPair.open(symlinkAt: link)
        defer { pair.close() }
        for path in [link, pair.secondaryPath] {
            let error = PortError.openFailed(path: path, errno: EACCES)
            #expect(error.hint == PortError.ptyPermissionHint, "\(path)")
            #expect(!error.description.contains("dialout"), "\(path)")
        }
        #expect(PortError.openFailed(path: "/dev/ttyUSB0", errno: EACCES).hint == PortError.ttyPermissionHint)
    }
}
