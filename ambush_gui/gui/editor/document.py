"""The scenario being edited: plain data, every edit an undoable command.

An :class:`EditorDocument` holds a scenario or mission file as the plain data its
loader reads (the dict ``tomllib`` gives), so what the editor saves is exactly what
the game loads, and a shipped file opened and saved again round-trips unchanged
(comments and layout aside: the file is rewritten from the data).

Every change goes through :meth:`EditorDocument.set`, :meth:`insert`,
:meth:`remove` (or a :meth:`macro` grouping several), each pushed on a
``QUndoStack`` as one command, so undo and redo cover every edit the same way.
Places in the data are paths: tuples of keys and list indices,
``("table", "pieces", 1, "rect")``; :func:`parse_path` reads the loaders' dotted
form (``"table.pieces[1].rect[3]"``) that validation problems name.

Validation is the engine's own: :meth:`problems` runs the system's loader
(:func:`ambush_gui.systems.scenario_from_data`, or for a campaign
:meth:`ambush_gui.ambush.campaign.Campaign.from_data`) and returns its (path, what) pairs,
so the editor can never disagree with the game about what is valid.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import tomli_w
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ambush_gui import systems
from ambush_gui.core.errors import Describe, InputError, ScenarioError
from ambush_gui.core.files import atomic_write, read_data

Key = str | int
DataPath = tuple[Key, ...]

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def parse_path(text: str) -> DataPath:
    """A loader's dotted path as a data path.

    >>> parse_path("table.pieces[1].rect[3]")
    ('table', 'pieces', 1, 'rect', 3)
    >>> parse_path("")
    ()
    """
    out: list[Key] = []
    for name, index in _PART.findall(text):
        out.append(int(index) if index else name)
    return tuple(out)


def path_text(path: DataPath) -> str:
    """The dotted form of a data path (what the loaders print).

    >>> path_text(("table", "pieces", 1, "rect"))
    'table.pieces[1].rect'
    """
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + part
    return out


def get_in(data: Any, path: DataPath, default: Any = None) -> Any:
    """The value at ``path``, or ``default`` where the path does not exist."""
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return default
    return node


_MISSING = object()


def _parent(data: Any, path: DataPath, create: bool = False) -> Any:
    node = data
    for part in path[:-1]:
        if create and isinstance(node, dict) and part not in node:
            node[part] = {}
        node = node[part]
    return node


class Finding(NamedTuple):
    """A problem (``severity`` "error": the scenario cannot be played) or a warning (playable,
    but worth a look): the dotted ``path`` that finds the place, and the ``place`` and
    ``what`` a designer reads."""

    severity: str
    path: str
    place: str
    what: str


class _Edit(QUndoCommand):
    """One change of the data: ``redo`` puts ``after`` at the path, ``undo`` ``before``.

    A value of ``_MISSING`` means "no such key" (a dict key added or removed); list
    inserts and removals are their own kinds so indices shift as a person expects.
    """

    def __init__(self, doc: EditorDocument, kind: str, path: DataPath, before: Any, after: Any,
                 text: str) -> None:
        super().__init__(text)
        self.doc, self.kind, self.path = doc, kind, path
        self.before, self.after = before, after

    def redo(self) -> None:
        self._apply(self.after, forward=True)

    def undo(self) -> None:
        self._apply(self.before, forward=False)

    def _apply(self, value: Any, forward: bool) -> None:
        data = self.doc.data
        key = self.path[-1]
        if self.kind == "set":
            if forward:  # the tables this edit makes on the way, so its undo takes them out again
                self.made = [self.path[:k] for k in range(1, len(self.path))
                             if get_in(data, self.path[:k], _MISSING) is _MISSING]
            parent = _parent(data, self.path, create=True)
            if value is _MISSING:
                del parent[key]
            else:
                parent[key] = copy.deepcopy(value)
            if not forward:
                for made in reversed(getattr(self, "made", [])):
                    if get_in(data, made, _MISSING) == {}:
                        del _parent(data, made)[made[-1]]
        else:  # "insert" / "remove": the path ends in the list index
            lst = _parent(data, self.path)
            inserting = (self.kind == "insert") == forward
            if inserting:
                lst.insert(int(key), copy.deepcopy(self.after if self.kind == "insert" else self.before))
            else:
                del lst[int(key)]
        self.doc._changed(self.path[:-1] if self.kind != "set" else self.path)


class EditorDocument(QObject):
    """A scenario (Ambush Alley) or mission (Ambush!) as editable data, with undo."""

    changed = Signal(object)  # the DataPath that changed (() = everything: a new file)
    fileChanged = Signal()  # saved under a new name, or opened

    def __init__(self, data: dict[str, Any], path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data: dict[str, Any] = copy.deepcopy(data)
        self.path = path
        self.undo_stack = QUndoStack(self)
        self._problems: list[tuple[str, str]] | None = None
        self._warnings: list[tuple[str, str]] | None = None
        self._describe: Describe | None = None
        self._described: dict[tuple[str, str], tuple[str, str]] = {}

    # -- files -----------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, parent: QObject | None = None) -> EditorDocument:
        """Read a scenario or mission file (a draft that does not validate opens too)."""
        p = Path(path)
        return cls(read_data(p, ScenarioError), p, parent)

    def save(self, path: str | Path | None = None) -> Path:
        """Write the data as TOML, atomically; drafts that do not validate are saved too."""
        p = Path(path) if path is not None else self.path
        if p is None:
            raise ValueError("no file name yet: save with a path")
        atomic_write(p, dump(self.data))
        renamed = p != self.path
        self.path = p
        self.undo_stack.setClean()
        if renamed:
            self.fileChanged.emit()
        return p

    @property
    def system(self) -> str:
        return str(self.data.get("system", "alley"))

    @property
    def kind(self) -> str:
        """"campaign" for an Ambush! campaign file; a scenario's or mission's own kind otherwise."""
        return str(self.data.get("kind", ""))

    @property
    def title(self) -> str:
        return str(self.data.get("title") or self.data.get("name") or "Untitled")

    def is_dirty(self) -> bool:
        return not self.undo_stack.isClean()

    # -- reading -----------------------------------------------------------------------
    def get(self, path: DataPath, default: Any = None) -> Any:
        return get_in(self.data, path, default)

    # -- editing -----------------------------------------------------------------------
    def set(self, path: DataPath, value: Any, text: str = "") -> None:
        """Put ``value`` at ``path`` (``None`` removes a dict key); one undo step."""
        if not path:
            raise ValueError("cannot replace the whole document; use a new document")
        before = get_in(self.data, path, _MISSING)
        after = _MISSING if value is None else value
        if before is after or before == after:  # nothing would change: no empty undo step
            return
        self.undo_stack.push(_Edit(self, "set", path, before, after,
                                   text or f"Change {path_text(path)}"))

    def insert(self, list_path: DataPath, index: int | None, value: Any, text: str = "") -> int:
        """Insert ``value`` into the list at ``list_path`` (created if missing; index None
        appends). Returns the index it went to."""
        lst = get_in(self.data, list_path)
        if lst is None:  # the first item creates the list in the same (one) undo step
            self.undo_stack.push(_Edit(self, "set", list_path, _MISSING, [value],
                                       text or f"Add to {path_text(list_path)}"))
            return 0
        if not isinstance(lst, list):
            raise ValueError(f"{path_text(list_path)} is not a list")
        i = len(lst) if index is None else max(0, min(index, len(lst)))
        self.undo_stack.push(_Edit(self, "insert", (*list_path, i), None, value,
                                   text or f"Add to {path_text(list_path)}"))
        return i

    def remove(self, list_path: DataPath, index: int, text: str = "") -> None:
        """Remove item ``index`` of the list at ``list_path``."""
        lst = get_in(self.data, list_path)
        if not isinstance(lst, list) or not 0 <= index < len(lst):
            raise IndexError(f"{path_text((*list_path, index))} does not exist")
        self.undo_stack.push(_Edit(self, "remove", (*list_path, index), lst[index], None,
                                   text or f"Remove {path_text((*list_path, index))}"))

    @contextmanager
    def macro(self, text: str) -> Iterator[None]:
        """Group the edits made inside the block into one undo step."""
        self.undo_stack.beginMacro(text)
        try:
            yield
        finally:
            self.undo_stack.endMacro()

    def _changed(self, path: DataPath) -> None:
        self._problems = None
        self._warnings = None
        self.changed.emit(path)

    # -- checking ----------------------------------------------------------------------
    def problems(self) -> list[tuple[str, str]]:
        """Every problem the game's loader finds, as (dotted path, what is wrong); [] when
        the scenario is playable. Cached until the next edit."""
        if self._problems is None:
            self._warnings, self._describe, self._described = [], None, {}
            try:
                loaded = self.scenario()
                self._problems = []
                self._warnings = list(getattr(loaded, "warnings", []) or [])
                self._describe = getattr(loaded, "describe", None)
            except InputError as exc:
                self._problems = list(exc.problems)
                self._described = dict(zip(exc.problems, exc.described, strict=True))
        return list(self._problems)

    def warnings(self) -> list[tuple[str, str]]:
        """What the loader finds doubtful but playable (path, what): a paragraph nothing
        leads to, one that scores again and again, an outcome inferred for a format 1 file.
        [] while the scenario has problems (they come first)."""
        self.problems()
        return list(self._warnings or [])

    def describe(self, path: str, what: str) -> tuple[str, str]:
        """A problem or warning's place in the designer's words ("paragraph 66, option 2"),
        as the loader says it; the path itself where the loader has no words for it."""
        self.problems()
        if self.system == "alley":  # the table scenario's own words, and the editor's for the file's
            from ambush_gui.alley.places import describe, editor_words, module_words

            place, words = module_words(self.data, path, *describe(self.data, path, what))
            return place, editor_words(words)
        if self._describe is not None:
            return self._describe(path, what)
        return self._described.get((path, what), (path, what))

    def findings(self) -> list[Finding]:
        """The one list of what is wrong that every view shows (the Problems dock, a page's
        own list): the problems, then the warnings, each with its place and what in the
        designer's words (:meth:`describe`)."""
        out = [Finding("error", p, *self.describe(p, w)) for p, w in self.problems()]
        return out + [Finding("warning", p, *self.describe(p, w)) for p, w in self.warnings()]

    def scenario(self) -> Any:
        """The validated scenario, mission or campaign, ready to play; raises ScenarioError."""
        if self.kind == "campaign":
            from ambush_gui.ambush.campaign import Campaign

            return Campaign.from_data(copy.deepcopy(self.data), self.source)
        return systems.scenario_from_data(self.system, copy.deepcopy(self.data), self.source)

    @property
    def source(self) -> str:
        return str(self.path) if self.path is not None else f"(unsaved {self.title})"


def dump(data: dict[str, Any]) -> str:
    """The data as TOML text (``tomli_w``), with multi-line strings kept readable."""
    return tomli_w.dumps(data, multiline_strings=True)
