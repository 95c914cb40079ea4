"""The scenario editor: free-measure tables (Ambush Alley) and hex missions (Ambush!).

:mod:`~ambush_gui.gui.editor.document` holds the file being edited as plain data with
undo; the editor window shows one page per rule system over it.
"""
