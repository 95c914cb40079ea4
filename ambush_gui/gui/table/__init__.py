"""The free-measure table: Ambush Alley (and Force on Force on the same table).

The window, the table view and its items, the tape, the docks and the dialogs for every
decision the Ambush Alley engine asks. Never imports ``gui.hexmap``."""
