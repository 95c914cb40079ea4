"""The after-action report (issue 32): one self-contained page, a picture at every big moment."""

from __future__ import annotations

import base64
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

from ambush_gui import systems
from ambush_gui.cli import main
from ambush_gui.core import saves
from ambush_gui.core.view import ALL, PUBLIC, View, hidden_pieces
from ambush_gui.gui import report
from ambush_gui.gui.shared.pacing import big_moment

ROOT = Path(__file__).resolve().parents[2]
CONTRACTING = ROOT / "tests/alley/golden/contracting-trouble-ai-1.json"
HEDGEROW = ROOT / "tests/ambush/format1/ambush-hedgerow-ai-1.json"
PNG = b"\x89PNG\r\n\x1a\n"


class Page(HTMLParser):
    """What a browser would load and show of the page: every picture (and the moment it is
    in), the items of each moment's caption, every address, the section ids and tables."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.addresses: list[str] = []
        self.figures: list[dict[str, Any]] = []
        self.ids: set[str] = set()
        self.tags: set[str] = set()
        self.cells: list[str] = []
        self._in: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.add(tag)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        for key in ("src", "href"):
            if a.get(key):
                self.addresses.append(str(a[key]))
        if tag == "figure":
            self.figures.append({"images": 0, "items": []})
        if tag == "img":
            self.images.append(str(a.get("src")))
            if self.figures and "figure" in self._in:
                self.figures[-1]["images"] += 1
        if tag not in ("img", "meta", "br"):
            self._in.append(tag)
            if tag in ("li", "td"):
                self._text = ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("li", "td") and tag in self._in:
            if tag == "li" and "figcaption" in self._in:
                self.figures[-1]["items"].append(self._text)
            if tag == "td":
                self.cells.append(self._text)
        while self._in and self._in.pop() != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self._in and self._in[-1] in ("li", "td"):
            self._text += data


def parsed(path: Path) -> Page:
    p = Page()
    p.feed(path.read_text(encoding="utf-8"))
    p.close()
    return p


def valid_png(src: str) -> bool:
    """An embedded picture a browser shows: a PNG, or a JPEG where that is much smaller."""
    for head, magic, fmt in (("data:image/png;base64,", PNG, "PNG"),
                             ("data:image/jpeg;base64,", b"\xff\xd8\xff", "JPEG")):
        if src.startswith(head):
            data = base64.b64decode(src[len(head):], validate=True)
            image = QImage()
            return data.startswith(magic) and image.loadFromData(data, fmt) and image.width() > 100
    return False


def moments_in_log(save: Path) -> list[str]:
    """Every big moment of the game, read from its log as the game window's waits say them."""
    game = saves.replay(save, systems.factory)
    view = View(game, ALL if game.over else PUBLIC)
    return [big_moment(t) or "" for e in game.log.events
            if (t := view.tell(e)) is not None and big_moment(t)]


def check_page(out: Path, save: Path) -> Page:
    page = parsed(out)
    expected = moments_in_log(save)
    assert expected, "the game has big moments to show"
    told = [item for f in page.figures for item in f["items"]]
    assert told == expected  # every big moment, in order, each in a figure with its picture
    assert page.figures and all(f["images"] == 1 for f in page.figures)
    assert len(page.images) == len(page.figures)
    assert all(valid_png(src) for src in page.images)
    # nothing from a network: every address is an embedded picture or a place in the page
    assert all(a.startswith(("data:image/png;base64,", "data:image/jpeg;base64,", "#"))
               for a in page.addresses)
    assert not [a for a in page.addresses if a.startswith("#") and ("http" in a or "/" in a)]
    assert "script" not in page.tags and "link" not in page.tags
    assert {"story", "victory", "options", "final"} <= page.ids
    return page


def test_a_finished_contracting_trouble_game_is_told_with_every_big_moment(
        qapp: Any, tmp_path: Path) -> None:
    out = tmp_path / "ct.html"
    told = report.write(CONTRACTING, out)
    assert told.game.over and told.viewer == ALL
    page = check_page(out, CONTRACTING)
    text = out.read_text(encoding="utf-8")
    # the victory table: the winner and every scoring line, under its award
    assert "The US Marines win" in text
    assert "Escorts brought off" in page.cells and "+5" in page.cells
    assert "Contractor 1 escorted off the table" in page.cells
    # the options played, each by its name
    registry = systems.options_registry("alley")
    assert all(o.title in page.cells for o in registry.offered)
    # the story turn by turn, in the log's words, with the answers narrated
    assert "<h2>Turn 1</h2>" in text and "<h2>Turn 6</h2>" in text
    assert "Fireteam Bravo moves 3.0&quot;" in text or 'Fireteam Bravo moves 3.0"' in text
    assert '<li class="answer regular">US Marines: Fireteam Bravo activates</li>' in text
    assert '<li class=" regular">Fireteam Bravo activates</li>' not in text  # told once
    # the dice of a moment, as faces
    assert '<span class="die regular" title="d8">7</span>' in text


def test_a_finished_ambush_mission_is_told_on_its_map(qapp: Any, tmp_path: Path) -> None:
    out = tmp_path / "hedgerow.html"
    told = report.write(HEDGEROW, out)
    assert told.game.over and told.game.system == "ambush"
    page = check_page(out, HEDGEROW)
    text = out.read_text(encoding="utf-8")
    assert "The mission succeeds" in text and told.game.result["level"] in text
    assert "Ambush! has no rules options" in text
    assert "<h2>Operations turn 1</h2>" in text and "<h3>Round 1</h3>" in text
    assert any("Gefreiter Falk" in c for c in page.cells)  # the casualties table
    # Ambush! dice read 0-9: a d10's 10 is shown as 0
    assert 'title="d10">0</span>' in text or 'title="d10">' in text


def test_one_replay_draws_each_picture_after_its_answer(qapp: Any) -> None:
    """The pictures are drawn during one replay (the board as it stood then), not by
    replaying again: the first picture's table differs from the last's."""
    told = report.collect(CONTRACTING)
    first, last = told.moments[0], told.moments[-1]
    assert first.after < last.after
    assert first.picture(ALL) != last.picture(ALL)


def unfinished_market_day(tmp_path: Path) -> Path:
    """A game of Market Day stopped at the first answer after which an IED is still hidden
    from the Regulars and a big moment has happened."""
    game = systems.new_game(systems.load_scenario(systems.resolve("market-day")), 5)
    ai = systems.computer_player("alley", "normal", 5)
    game.start()
    for _ in range(400):
        d = game.pending()
        assert d is not None, "the game ended before a big moment with an IED still hidden"
        game.answer(ai.choose(game, d))
        hidden = [h for h in hidden_pieces(game).values() if not h.seen_by(PUBLIC)]
        if hidden and any(big_moment(e) for e in game.log.events):
            break
    path = tmp_path / "market-day-unfinished.json"
    saves.save(game, path)
    return path


def test_an_unfinished_game_shows_only_what_both_sides_saw(qapp: Any, tmp_path: Path) -> None:
    save = unfinished_market_day(tmp_path)
    out = tmp_path / "md.html"
    told = report.write(save, out)
    assert not told.game.over and told.viewer == PUBLIC
    text = out.read_text(encoding="utf-8")
    assert "not finished, so this report shows only what both players saw" in text
    assert "The game is not over: the score as it stands" in text
    # the score as the Turn panel keeps it, not only the points already won for good
    from ambush_gui.alley.model import Side
    from ambush_gui.alley.victory import standing

    st = standing(told.game)
    assert any(st.total(side) for side in Side)
    for side in Side:
        name = report.side_name(told, side.value)
        assert f'<td>{name}</td><td>total</td><td class="pts">{st.total(side)}</td>' in text
    hidden = [m for m in told.moments if PUBLIC in m.pictures]
    assert hidden, "a moment with a hidden IED is drawn as both players saw it"
    for m in hidden:  # the IED the Insurgents hid is not drawn in the page's picture
        assert m.pictures[PUBLIC] != m.pictures[ALL]
        assert base64.b64encode(m.pictures[PUBLIC]).decode() in text
        assert base64.b64encode(m.pictures[ALL]).decode() not in text
    check_page(out, save)


def test_a_branched_game_says_where_it_came_from_and_that_its_dice_are_fresh(
        qapp: Any, tmp_path: Path) -> None:
    whole = saves.replay(CONTRACTING, systems.factory)
    branched = tmp_path / "branched.json"
    saves.save(saves.branch(whole, 30, 5, systems.factory, "contracting.json"), branched)
    out = tmp_path / "b.html"
    report.write(branched, out)
    text = out.read_text(encoding="utf-8")
    assert "continues from the moment after decision 30 of contracting.json" in text
    assert "every die after it is fresh" in text
    assert "a branch of contracting.json" in text
    assert "continues from" not in report.page(report.collect(CONTRACTING))


def test_a_branch_of_an_unsaved_game_says_so(qapp: Any, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A branch recorded no file (``branched_from.save = ""``): ``replay --verify`` printed
    "(from , after decision 30)" and the report named nothing."""
    whole = saves.replay(CONTRACTING, systems.factory)
    branched = tmp_path / "branched.json"
    saves.save(saves.branch(whole, 30, 5, systems.factory, ""), branched)
    out = tmp_path / "b.html"
    report.write(branched, out)
    text = out.read_text(encoding="utf-8")
    assert "a branch of an unsaved game" in text
    assert "after decision 30 of an unsaved game" in text
    assert main(["replay", "--verify", str(branched)]) == 0
    assert "(from an unsaved game, after decision 30)" in capsys.readouterr().out


def signal_box(tmp_path: Path) -> Path:
    """The Signal Box, seed 8, the computer on both sides: at decision 7 an interrupting
    volley (10d6 against 6d8) hits two Fusiliers, each then thrown First Aid; at decision 30
    one volley kills one man and wounds three."""
    from ambush_gui.ai.simulate import play_out

    game = systems.new_game(systems.load_scenario(systems.resolve("the-signal-box")), 8)
    play_out(game, {side: systems.computer_player("alley", "normal", 8)
                    for side in ("regular", "insurgent")})
    save = tmp_path / "signal-box.json"
    saves.save(game, save)
    return save


def colour_count(data: bytes, colour: Any) -> int:
    image = QImage()
    assert image.loadFromData(data)
    rgb = colour.rgb()
    return sum(image.pixel(x, y) == rgb for y in range(0, image.height(), 2)
               for x in range(0, image.width(), 2))


def test_one_answer_is_one_big_moment_with_its_fire_shot_and_hits(
        qapp: Any, tmp_path: Path) -> None:
    """A play-tester's volley became three "big moments" at one decision, three near-identical
    pictures with no shot drawn and the casualties gone from them, the dice box holding only
    a First Aid d6, and no picture of the end."""
    from ambush_gui.gui.shared import theme

    out = tmp_path / "sb.html"
    told = report.write(signal_box(tmp_path), out)
    afters = [m.after for m in told.moments]
    assert len(afters) == len(set(afters))  # the big moments of one answer: one moment
    wounded = next(m for m in told.moments if any(e.kind == "first_aid" for e in m.events))
    assert sum(e.kind == "first_aid" for e in wounded.events) == 2
    purposes = [str(r.data.get("purpose")) for r in wounded.dice]
    assert purposes[0].startswith("Firepower") and purposes[1].startswith("Defense")
    assert [p.split(":")[0] for p in purposes[2:]] == ["First Aid", "First Aid"]
    # the shot and a ring about each man hit on the moment's picture; none on the final one
    assert colour_count(wounded.picture(ALL), theme.SHOT_LINE) > 20
    assert colour_count(wounded.picture(ALL), theme.BIG_MOMENT) > 20
    removed = next(m for m in told.moments if all(e.kind == "casualty" for e in m.events))
    assert colour_count(removed.picture(ALL), theme.BIG_MOMENT) > 20  # kept, ringed
    assert told.final and colour_count(told.final[ALL], theme.SHOT_LINE) == 0
    page = check_page(out, tmp_path / "signal-box.json")
    text = out.read_text(encoding="utf-8")
    assert "The final position" in text
    # the awards in their titles, never their names in the scenario file
    assert "(Enemies wounded)" in text and "(enemy_wounded)" not in text
    assert "(zone_held)" not in text
    assert len(page.figures) == len(told.moments) + 1


def test_a_hot_spot_taken_is_pictured(qapp: Any, tmp_path: Path) -> None:
    """Market Day, seed 4, the computer on both sides: the Regulars take Hot Spot 1."""
    game = systems.new_game(systems.load_scenario(systems.resolve("market-day")), 4)
    ai = systems.computer_player("alley", "normal", 4)
    game.start()
    while (d := game.pending()) is not None:
        game.answer(ai.choose(game, d))
    save, out = tmp_path / "market-day.json", tmp_path / "market-day.html"
    saves.save(game, save)
    report.write(save, out)
    page = check_page(out, save)
    assert any("neutralises Hot Spot 1" in item for f in page.figures for item in f["items"])


def test_the_report_command(qapp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert main(["report", str(CONTRACTING), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    pictured = len(parsed(out).figures) - 1  # and the final position
    assert str(out) in said and f"{pictured} big moments pictured" in said and "finished" in said
    check_page(out, CONTRACTING)


def test_the_report_command_refuses_a_bad_save_naming_it(
        qapp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken save.json"
    bad.write_text('{"format": "ambush-gui-save", "version": 3, "system": "alley"}')
    out = tmp_path / "never.html"
    assert main(["report", str(bad), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "decisions" in err and "missing" in err
    assert not out.exists()


def test_the_report_command_works_with_no_display(tmp_path: Path) -> None:
    """In a fresh process with no platform named, the command draws offscreen."""
    out = tmp_path / "r.html"
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY")}
    run = subprocess.run([sys.executable, "-m", "ambush_gui", "report", str(HEDGEROW), "--out",
                          str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert parsed(out).images


def test_file_export_report_in_both_windows(qtbot: Any, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from ambush_gui.gui.app import Session

    asked: list[str] = []
    told: list[str] = []
    for save, name in ((CONTRACTING, "contracting"), (HEDGEROW, "hedgerow")):
        window = Session().open_save(save)
        qtbot.addWidget(window)
        action = window.report_action
        assert action.shortcut().toString() == "Ctrl+Shift+R"
        assert "web page" in action.toolTip() and action in window.file_menu.actions()
        out = tmp_path / f"{name}-chosen"  # typed without ".html": it gets it
        monkeypatch.setattr(QFileDialog, "getSaveFileName",
                            lambda _w, _t, start, _f, out=out: (asked.append(start), (str(out), ""))[1])
        monkeypatch.setattr(QMessageBox, "information", lambda _w, _t, text: told.append(text))
        monkeypatch.setattr(QMessageBox, "critical", lambda _w, _t, text: pytest.fail(text))
        action.trigger()
        written = out.with_name(out.name + ".html")
        assert written.exists() and str(written) in told[-1]
        assert str(written) in window.statusBar().currentMessage()
        check_page(written, save)
        window.close()
    assert asked[0].endswith("contracting-trouble-report.html")
    assert Path(asked[1]).name.endswith("-report.html") and "hedgerow" in asked[1]


def test_the_footer_names_the_version_that_wrote_the_report_and_the_save(
        qapp: Any, tmp_path: Path) -> None:
    """Issue 33: a report says which version wrote it, and which version saved the game
    (a save from before 0.9.0 records none)."""
    from ambush_gui import release

    out = tmp_path / "hedgerow.html"
    report.write(HEDGEROW, out)
    footer = out.read_text(encoding="utf-8").rsplit("<footer>", 1)[1]
    assert footer.startswith(f"Written by ambush-gui {release.version()}; the game was saved by a "
                             "version before 0.9.0.</footer>")
    told = report.Report(None, [], {}, "game.json", "0.9.0")
    assert "the game was saved by version 0.9.0." in report.footer_html(told)


def test_an_ambush_fire_is_pictured_with_its_shot_and_the_man_it_hit(qapp: Any) -> None:
    """The Ambush! report's pictures of a fire showed the map alone, no shot and no ring,
    where the table's show the arrow from the firer to the target and ring the men hit.
    The hex map's pictures draw them the same way (the one shared shot drawing); a moment
    with no fire in its answer (a German activated) has no arrow, and the end has none."""
    from ambush_gui.gui.shared import theme

    told = report.collect(HEDGEROW)
    hits = [m for m in told.moments if any(e.kind == "damage" for e in m.events)]
    assert hits
    for m in hits:  # the map's pictures are JPEGs: the inks give or take a little
        assert near_count(m.picture(ALL), theme.SHOT_LINE) > 30, m.number
        assert near_count(m.picture(ALL), theme.BIG_MOMENT) > 50, m.number
    quiet = [m for m in told.moments if all(e.kind == "activate" for e in m.events)]
    assert quiet and all(near_count(m.picture(ALL), theme.SHOT_LINE) < 10 for m in quiet)
    assert near_count(told.final[ALL], theme.SHOT_LINE) < 10


def near_count(data: bytes, colour: Any, within: int = 24) -> int:
    """The pixels (every other one each way) of about ``colour``, in a PNG or a JPEG."""
    image = QImage()
    assert image.loadFromData(data)
    want = (colour.red(), colour.green(), colour.blue())
    n = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            n += max(abs(c.red() - want[0]), abs(c.green() - want[1]),
                     abs(c.blue() - want[2])) <= within
    return n
