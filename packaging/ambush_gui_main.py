"""The bundle's entry point: the ``ambush-gui`` command (ambush_gui.cli.main).

PyInstaller starts a script, not a console-script entry point, so this file stands in
for the ``ambush-gui`` script pip writes. ``freeze_support`` lets a frozen program start
worker processes (multiprocessing re-runs the executable for each one).
"""

import multiprocessing
import sys

from ambush_gui.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
