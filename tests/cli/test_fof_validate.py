"""Issue 14: `validate` refuses bad Force on Force module settings, each with its place named
in the designer's words, all at once, exit 2 and no traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_cli import run, write_scenario


def _bad(data: dict[str, Any]) -> None:
    data["modules"] = ["mines", "civilians", "nbc", "combat_stress", "gas"]
    data["table"]["pieces"].append({"id": "mf-1", "kind": "minefield", "rect": [2, 2, 4, 3]})
    data["table"]["pieces"].append({"id": "mob-1", "kind": "civilian_mob", "rect": [23, 10, 3, 2]})
    data["mines"] = {"fields": {"mf-1": {"type": "claymore"}}}
    data["nbc"] = {"mopp": {"regular": 5}}
    data["combat_stress"] = {"positive_leaders": [{"figure": "cpl-1", "rating": 4}]}


def test_bad_module_settings_are_refused_with_their_places(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = write_scenario(tmp_path, _bad)
    code, out, err = run(capsys, "validate", str(bad))
    assert code == 2 and out == "" and "Traceback" not in err
    lines = err.splitlines()

    def said(place: str, *words: str) -> bool:
        return any(place in line and all(w in line for w in words) for line in lines)

    assert said("rule module 5", "unknown rule module 'gas'", "expected one of", "civilians")
    assert said("mines settings, fields, mf-1, type", "unknown mine type 'claymore'", "light_ap")
    assert said("mob-1", "outside the 24x24 table")
    assert said("NBC settings, MOPP levels", "MOPP 5", "MOPP 0", "MOPP 4")
    assert said("combat stress settings, positive leader 1", "'cpl-1'", "1, 2 or 3", "not 4")


def test_module_settings_for_a_module_not_switched_on_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write_scenario(tmp_path, lambda d: d.update(nbc={"mopp": {"regular": 2}}))
    code, _, err = run(capsys, "validate", str(bad))
    assert code == 2 and "[nbc] gives settings for the nbc module, which is not switched on" in err
