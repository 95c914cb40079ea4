"""The campaign page of the scenario editor: an Ambush! campaign's missions, roster and settings."""
