"""The scenario editor pages for Ambush! hex missions."""
