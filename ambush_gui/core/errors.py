"""Narrow error types for bad input. Each names the file, the place in it and what was expected."""

from __future__ import annotations


class InputError(ValueError):
    """A file the program cannot use: names the file, the path inside it, the expectation."""

    def __init__(self, file: str, problems: list[tuple[str, str]]) -> None:
        self.file = file
        self.problems = problems
        lines = [f"{file}: {path or '(top level)'}: {what}" for path, what in problems]
        super().__init__("\n".join(lines))


class ScenarioError(InputError):
    """A scenario or mission file that failed validation."""


class SaveError(InputError):
    """A save file that cannot be loaded or replayed."""
