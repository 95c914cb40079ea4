"""The hex map: Ambush!, solitaire against the German paragraphs.

The window, the hex map view, the AR Track, the paragraph reader, the Last fire dock and
the dialogs for every decision the Ambush! engine asks. Never imports ``gui.table``."""
