// Replaced by the host CLI.
