"""Swivel's Python client, written to docs/PROTOCOL.md."""
