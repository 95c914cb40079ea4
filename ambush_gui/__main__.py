"""``python -m ambush_gui`` is the ``ambush-gui`` command."""

import sys

from ambush_gui.cli import main

if __name__ == "__main__":  # not when a spawned simulate worker imports it (ai/simulate.py)
    sys.exit(main())
