// Replaced by the host library.
