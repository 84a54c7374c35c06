// Replaced by the port backends (termios serial, pty, Unix sockets).
