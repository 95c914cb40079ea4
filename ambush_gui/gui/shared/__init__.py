"""The parts of the GUI every game uses: the game-window base, the controller, the map
view base, the dialog base, dice faces and the tray, the theme, paths and the rules help.

Nothing here imports a game's package (``gui.table`` or ``gui.hexmap``)."""
