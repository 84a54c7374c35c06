"""`python -m swivel_vision`: the same program as `swivel-vision`."""
import sys

from .cli import main

sys.exit(main())
