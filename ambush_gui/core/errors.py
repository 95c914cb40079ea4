"""Narrow error types for bad input. Each names the file, the place in it and what was expected."""

from __future__ import annotations

from collections.abc import Callable

Describe = Callable[[str, str], tuple[str, str]]
"""(path, what) -> (place, what) in the words the file's author wrote (see
:func:`ambush_gui.ambush.mission.describe`)."""


class InputError(ValueError):
    """A file the program cannot use: names the file, the path inside it, the expectation.

    ``problems`` keeps the dotted paths (``paragraphs[64].options[1]``) that programs use to
    find the place; ``described`` and the message say the same places in the author's words
    (``paragraph 66, option 2``) when the loader knows them."""

    def __init__(self, file: str, problems: list[tuple[str, str]],
                 describe: Describe | None = None) -> None:
        self.file = file
        self.problems = problems
        self.described = [describe(p, w) if describe else (p, w) for p, w in problems]
        lines = [f"{file}: {path or '(top level)'}: {what}" for path, what in self.described]
        super().__init__("\n".join(lines))


class ScenarioError(InputError):
    """A scenario or mission file that failed validation."""


class SaveError(InputError):
    """A save file that cannot be loaded or replayed."""
