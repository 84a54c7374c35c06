#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// termios for a binary link: no echo, no line editing, no signals, no CR/LF or
/// parity mangling, 8 data bits; CLOCAL so modem-control lines do not matter,
/// no RTS/CTS flow control; reads return what is there (VMIN=0, VTIME=0).
func makeRaw(_ settings: inout termios) {
    cfmakeraw(&settings)
    settings.c_cflag |= tcflag_t(CLOCAL | CREAD)
    settings.c_cflag &= ~hardwareFlowControlFlags
    // c_cc is imported as a tuple: index it through its bytes.
    withUnsafeMutableBytes(of: &settings.c_cc) { controlCharacters in
        controlCharacters[Int(VMIN)] = 0
        controlCharacters[Int(VTIME)] = 0
    }
}

/// RTS/CTS flow control. Darwin spells it as two flags; CRTSCTS there is a
/// compound macro Swift may not import.
#if canImport(Glibc)
let hardwareFlowControlFlags = tcflag_t(CRTSCTS)
#else
let hardwareFlowControlFlags = tcflag_t(CCTS_OFLOW) | tcflag_t(CRTS_IFLOW)
#endif
