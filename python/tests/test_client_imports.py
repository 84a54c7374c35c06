"""`swivel` imports nothing beyond the standard library and pyserial."""
from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
before = set(sys.modules)  # what the interpreter's start-up loaded (site hooks) is not ours
import swivel, swivel.accessory, swivel.session, swivel.transport, swivel.vision_link, swivel.wire, swivel.messages
import swivel.local_daemon
import serial  # the one dependency, imported by the serial transport when used
outside = sorted(
    name for name in set(sys.modules) - before
    if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] not in {"swivel", "serial", "__main__"}
)
print(",".join(outside))
"""


def test_swivel_needs_only_the_standard_library_and_pyserial() -> None:
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"modules from outside: {result.stdout.strip()}"
