"""``python -m ambush_gui`` is the ``ambush-gui`` command."""

import sys

from ambush_gui.cli import main

sys.exit(main())
