"""The scenario editor pages for free-measure tables (Ambush Alley)."""
