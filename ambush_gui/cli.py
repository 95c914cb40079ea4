"""The ``ambush-gui`` command: headless commands for players, designers and scripts.

    ambush-gui                      (the launcher)
    ambush-gui play SCENARIO|SAVE [--seed S] [--computer SIDE[:LEVEL]] [--option NAME=VALUE ...]
    ambush-gui edit [FILE]          (the scenario editor)
    ambush-gui list [--json]
    ambush-gui validate FILE
    ambush-gui odds 7d8 5d6 [--json]
    ambush-gui simulate SCENARIO --games N --seed S [--players regular=hard,insurgent=easy]
                             [--jobs N] [--option NAME=VALUE ...] [--json]
    ambush-gui replay SAVE [--verify]
    ambush-gui report SAVE --out FILE.html   (the after-action report, one web page)
    ambush-gui --selftest           (open, draw and play every shipped scenario offscreen)
    ambush-gui --version            (ambush-gui 0.9.0)

A computer LEVEL is easy, normal (the default; ``ai`` is the same) or hard; ``simulate``
also takes ``random`` (uniform among the legal options). ``simulate --jobs N`` plays on N
processes (default: every core); the same seeds give the same figures on any number.

Bad input never ends in a traceback: it is reported with the file, the place in it
and what was expected, and the command exits with status 2. ``replay --verify`` exits 0
only when the save's whole proof checks, 1 when anything differs, and 3 when the save
replays but carries too little proof to be verified (format 1 or 2, or a proof removed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ambush_gui import release
from ambush_gui.alley.measures import SCALES
from ambush_gui.core.errors import LINE, InputError, printable, summarise
from ambush_gui.core.words import count

if TYPE_CHECKING:
    from ambush_gui.ai.simulate import Report
    from ambush_gui.net.session import Host

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_UNVERIFIED = 0, 1, 2, 3


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.selftest:
        from ambush_gui.selftest import run as selftest

        return selftest()
    if not getattr(args, "command", None):
        return cmd_gui(args)
    try:
        return int(args.run(args))
    except InputError as exc:  # already printable and brief (core/errors.py)
        for line in str(exc).splitlines():  # one problem a line, each marked (grep, editors)
            print(f"error: {line}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (ValueError, OSError) as exc:
        print(f"error: {printable(exc, LINE)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (RecursionError, MemoryError) as exc:  # a file the loaders should have refused
        what = "nests too deeply" if isinstance(exc, RecursionError) else "is too large"
        print(f"error: the input {what} to be used", file=sys.stderr)
        return EXIT_BAD_INPUT


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ambush-gui", description=(
        "Play Ambush Alley, Force on Force and Ambush! with every rule enforced and every die shown."))
    p.add_argument("--version", action="version", version=release.titled(),
                   help="print the program's version and exit")
    p.add_argument("--selftest", action="store_true",
                   help="open the launcher and every shipped scenario offscreen, draw them, let the "
                        "computer play ten decisions in each; exit 0, or 1 naming what failed")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    c = sub.add_parser("play", help="open a game in the window: a scenario (new game), a save, "
                                    "an Ambush! campaign (continued where you left it, or new) "
                                    "or a campaign's progress file")
    c.add_argument("target", metavar="SCENARIO|SAVE|CAMPAIGN|PROGRESS")
    c.add_argument("--seed", type=int, default=None, help="dice seed for a new game (default: random)")
    c.add_argument("--computer", type=computer_seat, default=None, metavar="SIDE[:LEVEL]",
                   help="the side the computer plays, regular or insurgent, and how well: "
                        "easy, normal (default) or hard, e.g. insurgent:hard "
                        "(default: hot-seat, two people)")
    c.add_argument("--scale", choices=sorted(SCALES), default="15mm")
    c.add_argument("--new", action="store_true",
                   help="an Ambush! campaign: start it anew even if one is under way "
                        "(default: continue the latest one not finished)")
    add_option_argument(c)
    c.set_defaults(run=cmd_play)

    c = sub.add_parser("edit", help="open the scenario editor, empty or on a scenario or mission file")
    c.add_argument("file", nargs="?", default=None, metavar="FILE",
                   help="a scenario or mission file, or the name of a shipped one")
    c.set_defaults(run=cmd_edit)

    c = sub.add_parser("list", help="list the shipped scenarios, missions and campaigns")
    c.add_argument("--json", action="store_true", help="print JSON")
    c.set_defaults(run=cmd_list)

    c = sub.add_parser("validate", help="check a scenario, mission or campaign file and report "
                                        "every error (a campaign: each of its missions too; a "
                                        "campaign's progress file: verified by playing it again)")
    c.add_argument("file")
    c.set_defaults(run=cmd_validate)

    c = sub.add_parser("odds", help="exact casualty odds of a Firepower pool against a Defense pool")
    c.add_argument("attack", help="e.g. 7d8")
    c.add_argument("defense", help="e.g. 5d6")
    c.add_argument("--json", action="store_true")
    c.set_defaults(run=cmd_odds)

    c = sub.add_parser("simulate", help="play computer-against-computer games, or whole "
                                        "Ambush! campaigns")
    c.add_argument("scenario", help="a scenario, mission or campaign file, or the name of a "
                                    "shipped one")
    c.add_argument("--games", type=int, default=100)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--players", default="", metavar="SIDE=LEVEL[,SIDE=LEVEL]",
                   help="who plays each side: easy, normal, hard (ai = normal) or random, "
                        "e.g. regular=hard,insurgent=easy (default: normal for all)")
    c.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="play the games on N processes (default: every core); the same seeds "
                        "give the same figures on any number")
    c.add_argument("--scale", choices=sorted(SCALES), default="15mm")
    c.add_argument("--json", action="store_true")
    add_option_argument(c)
    c.set_defaults(run=cmd_simulate)

    c = sub.add_parser("host", help="host a game for a player on another machine to join "
                                    "(the manual, Help > Manual: Playing across two machines)")
    c.add_argument("scenario", help="a table scenario file, or the name of a shipped one; or "
                                    "the save of a game this machine hosted, to host it again "
                                    "from where it stopped (the other player joins as before)")
    c.add_argument("--side", default=None, choices=("regular", "insurgent"),
                   help="the side this machine plays; the other player gets the other (a "
                        "save: the side it played)")
    c.add_argument("--port", type=int, default=None, metavar="N",
                   help="the TCP port to listen on (default 47470; 0: any free port, printed)")
    add_network_arguments(c)
    add_option_argument(c)
    c.set_defaults(run=cmd_host)

    c = sub.add_parser("join", help="join a game hosted on another machine")
    c.add_argument("address", metavar="HOST[:PORT]", help="the host's address, e.g. 192.168.1.20 "
                                                          "or example.org:47470")
    c.add_argument("--scenario", default=None, metavar="FILE",
                   help="the scenario file the host plays, when it is not a shipped one "
                        "(default: found by the name the host gives)")
    add_network_arguments(c)
    c.set_defaults(run=cmd_join)

    c = sub.add_parser(
        "replay", help="replay a save file", formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="exit status with --verify:\n"
               "  0  verified: the save's scenario, seed, options and decisions are those it\n"
               "     recorded, and they replay to its recorded state\n"
               "  1  not verified: something differs (each difference is named)\n"
               "  2  the file cannot be read as a save\n"
               "  3  not verified: the save replays, but carries too little proof (a save\n"
               "     without one, or made before version 3); says what was checked")
    c.add_argument("save")
    c.add_argument("--verify", action="store_true",
                   help="check that the save's scenario, seed, options and decisions are those it "
                        "recorded, and that they replay to its recorded final state")
    c.add_argument("--at", type=int, default=None, metavar="N",
                   help="the moment after N decisions (0: the start): print the game as it "
                        "stood then")
    c.add_argument("--branch", default=None, metavar="OUT",
                   help="with --at: write a new game from that moment to OUT, its dice fresh "
                        "from there on; it records where it branched and verifies on its own")
    c.add_argument("--seed", type=int, default=None,
                   help="--branch: the new game's dice seed (default: a random one)")
    c.set_defaults(run=cmd_replay)

    c = sub.add_parser("report", help="write a saved game's after-action report: one web page "
                                      "with the story, a picture at each big moment, the dice, "
                                      "the victory table and the rules options")
    c.add_argument("save")
    c.add_argument("--out", required=True, metavar="FILE.html",
                   help="the page to write (self-contained: it opens offline in any browser)")
    c.set_defaults(run=cmd_report)
    return p


def add_network_arguments(c: argparse.ArgumentParser) -> None:
    c.add_argument("--computer", type=computer_seat, default=None, metavar="SIDE[:LEVEL]",
                   help="--headless: the computer plays this machine's side at LEVEL (easy, "
                        "normal, hard), e.g. insurgent:hard")
    c.add_argument("--headless", action="store_true",
                   help="no window: print what happens, the result, the final state hash and "
                        "the dice check (needs --computer); without it this machine's side is "
                        "played in the window")
    c.add_argument("--pace", type=float, default=0.0, metavar="SECONDS",
                   help="--headless: wait this long before each of the computer's answers")


def network_end(args: argparse.Namespace, side: str | None) -> tuple[object, str | None]:
    """The computer player of a headless end (this machine's seat), checked."""
    from ambush_gui import systems

    if args.computer is None:
        raise ValueError("--headless: the computer must play this machine's side: give "
                         "--computer SIDE[:LEVEL]")
    computer_side, level = args.computer
    if side is not None and computer_side != side:
        raise ValueError(f"--computer {computer_side}: this machine plays the {side} side")
    return systems.computer_player("alley", level, int.from_bytes(os.urandom(4), "big")), computer_side


def window_end(start: object) -> int:
    """Run one end of a network game in the window: ``start(session)`` opens it."""
    from ambush_gui.gui.app import Session, application

    app = application()
    keep = start(Session())  # type: ignore[operator]  # the end lives as long as the window
    status = app.exec()
    del keep
    return int(status)


def _host_window(app: object, host: Host, port: int | None) -> object:
    from ambush_gui.gui.netplay import HostPlay
    from ambush_gui.net.link import DEFAULT_PORT, listen

    return HostPlay(app, host, listen(DEFAULT_PORT if port is None else port))


def hosted_again(path: Path, args: argparse.Namespace) -> Host:
    """The host of the game saved at ``path`` (a game this machine hosted), where it
    stopped; ValueError saying why it cannot be hosted again."""
    from ambush_gui.net.session import Host, NotHosted, SessionError

    if args.option:
        raise ValueError("--option: a saved game plays the options it records")
    try:
        host = Host.from_save(path)  # a broken save: exits 2 with its message
    except NotHosted as why:
        raise ValueError(f"{why}: open it with ambush-gui play {path}") from None
    except SessionError as why:
        raise ValueError(str(why)) from None
    if args.side is not None and args.side != host.side:
        raise ValueError(f"--side {args.side}: this machine played the {host.side} side of "
                         "this game, and goes on with it (leave --side out)")
    return host


def cmd_host(args: argparse.Namespace) -> int:
    from PySide6.QtCore import QCoreApplication

    from ambush_gui import systems
    from ambush_gui.core import saves
    from ambush_gui.gui.shared.paths import network_dir
    from ambush_gui.net.ends import HostEnd
    from ambush_gui.net.link import DEFAULT_PORT, listen
    from ambush_gui.net.session import Host

    path = systems.resolve(args.scenario)
    if saves.is_save(path):
        host = hosted_again(path, args)
    else:
        if args.side is None:
            raise ValueError("--side: say which side this machine plays (regular or insurgent)")
        scenario = systems.load_scenario(path)
        name = args.scenario if not Path(args.scenario).exists() else path.stem
        host = Host(scenario, name, args.side, chosen_options(args, scenario.spec.system))
    if not args.headless:
        return window_end(lambda app: _host_window(app, host, args.port))
    player, _ = network_end(args, host.side)
    app = QCoreApplication.instance() or QCoreApplication([])
    server = listen(DEFAULT_PORT if args.port is None else args.port)
    end = HostEnd(host, player, server, sys.stdout, args.pace, network_dir())
    again = f" again from decision {len(host.game.decisions) + 1}" if host.game is not None else ""
    print(f"Hosting {host.scenario.spec.title}{again} as the {host.side} side on port "
          f"{server.serverPort()}; waiting for the other player.", flush=True)
    status = app.exec()
    server.close()
    return int(end.status if end.status is not None else status)


def cmd_join(args: argparse.Namespace) -> int:
    from PySide6.QtCore import QCoreApplication

    from ambush_gui import systems
    from ambush_gui.core.errors import InputError
    from ambush_gui.gui.shared.paths import network_dir
    from ambush_gui.net.ends import GuestEnd, kept_for, record_for
    from ambush_gui.net.link import parse_address
    from ambush_gui.net.session import Guest

    address = parse_address(args.address)
    own = systems.load_scenario(systems.resolve(args.scenario)) if args.scenario else None
    if not args.headless:
        from ambush_gui.gui.netplay import join_game

        return window_end(lambda app: join_game(app, address, own))
    player, side = network_end(args, None)

    def find(name: str) -> object:
        if own is not None:
            return own
        try:
            return systems.load_scenario(systems.resolve(name))
        except (InputError, ValueError, OSError):
            return None

    folder = network_dir()
    record = record_for(folder, address)
    guest = Guest(find, kept=kept_for(record))
    app = QCoreApplication.instance() or QCoreApplication([])
    end = GuestEnd(guest, player, side, address, sys.stdout, args.pace, folder, record)
    print(f"Joining {address[0]}:{address[1]}.", flush=True)
    status = app.exec()
    return int(end.status if end.status is not None else status)


def add_option_argument(c: argparse.ArgumentParser) -> None:
    from ambush_gui.alley.options import OPTIONS

    names = "; ".join(f"{o.name}={'|'.join(o.values)} (default {o.default})" for o in OPTIONS.offered)
    c.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=f"a rules option's reading for a new Ambush Alley game (repeatable): {names}; "
                        "see docs/rules/options.md")


def chosen_options(args: argparse.Namespace, system: str) -> dict[str, str]:
    """The ``--option`` words checked against the rule system's options (a clear error)."""
    from ambush_gui import systems

    if not args.option:
        return {}
    registry = systems.options_registry(system)
    if not len(registry):
        raise ValueError(f"--option: {system} games have no rules options")
    return dict(registry.parse(args.option))


def cmd_gui(args: argparse.Namespace) -> int:
    from ambush_gui.gui.app import run

    return run()


def cmd_play(args: argparse.Namespace) -> int:
    import time

    from ambush_gui import systems
    from ambush_gui.core import saves
    from ambush_gui.gui.app import run

    path = systems.resolve(args.target)  # a clear error before any window opens: a bad file
    if is_campaign(path):
        return play_campaign_window(path, args)
    options: dict[str, str] = {}
    if saves.is_save(path):  # exits 2 with its message, as validate and replay do
        if args.option:
            raise ValueError("--option: a saved game plays the options it records")
        saves.replay(path, systems.factory)
    else:
        scenario = systems.load_scenario(path, SCALES[args.scale])
        options = chosen_options(args, scenario.spec.system)
    seed = args.seed if args.seed is not None else time.time_ns() // 1000 % 1_000_000
    side, level = args.computer if args.computer is not None else (None, "normal")
    return run(args.target, seed, side, SCALES[args.scale], options, level=level)


def is_campaign(path: Path) -> bool:
    """An Ambush! campaign file (``kind = "campaign"``) or a campaign's progress file."""
    from ambush_gui.ambush.campaign.progress import FORMAT
    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data

    if path.is_dir():
        return False
    try:
        data = read_data(path, ScenarioError)
    except ScenarioError:
        return False
    return data.get("kind") == "campaign" or data.get("format") == FORMAT


def play_campaign_window(path: Path, args: argparse.Namespace) -> int:
    """``play CAMPAIGN|PROGRESS``: checked here (a clear error before any window opens),
    then played in the campaign window."""
    import time

    from ambush_gui.ambush.campaign import Campaign, Progress
    from ambush_gui.ambush.campaign.progress import FORMAT, under_way
    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data
    from ambush_gui.gui.shared.paths import data_dir

    if read_data(path, ScenarioError).get("format") == FORMAT:
        Progress.load(path)
    else:
        campaign = Campaign.load(path)
        going = None if args.new else under_way(data_dir(), campaign)
        if going is not None:
            print(f"continuing {printable(str(going), 200)}; 'play {printable(str(args.target), 80)} "
                  "--new' starts the campaign anew")
            Progress.load(going)
            path = going
    try:
        from ambush_gui.gui.campaign import run_campaign  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        print(f"{printable(str(path), 200)}: a campaign; this version has no campaign window "
              "yet: play it with 'simulate' or its missions one by one", file=sys.stderr)
        return EXIT_FAILED
    seed = args.seed if args.seed is not None else time.time_ns() // 1000 % 1_000_000
    return int(run_campaign(path, seed))


def cmd_edit(args: argparse.Namespace) -> int:
    from ambush_gui import systems
    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data
    from ambush_gui.gui.app import run_editor

    if args.file is not None:  # a clear error before any window opens; drafts that do not
        read_data(systems.resolve(args.file), ScenarioError)  # validate still open
    return run_editor(args.file)


def cmd_list(args: argparse.Namespace) -> int:
    from ambush_gui.systems import shipped

    items = shipped(campaigns=True)
    if args.json:
        print(json.dumps([s.to_json() for s in items], indent=1))
    else:
        for s in items:
            what = s.system if s.kind != "campaign" else "campaign"
            print(f"{s.name:28} {what:8} {s.title}")
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    from ambush_gui.systems import load_scenario

    # a shipped file named where versions before 0.9.0 kept it (scenarios/market-day.toml)
    args.file = str(release.shipped_name(args.file) or args.file)
    if is_campaign(Path(args.file)):
        return validate_campaign(args.file)
    scenario = load_scenario(args.file)
    kind = "mission" if scenario.spec.system == "ambush" else "scenario"
    warned = list(getattr(scenario, "warnings", []) or [])
    describe = getattr(scenario, "describe", None)
    said = [describe(path, what) if describe is not None else (path, what) for path, what in warned]
    for place, what in summarise(said):  # doubtful but playable: said, and still exit 0
        print(f"warning: {printable(args.file, 200)}: {printable(place or '(top level)', 120)}: "
              f"{printable(what, LINE)}", file=sys.stderr)
    extra = f" ({count(len(warned), 'warning')})" if warned else ""
    title = printable(scenario.spec.title, 80)
    print(f"{printable(args.file, 200)}: valid {scenario.spec.system} {kind} '{title}'{extra}")
    for note in getattr(scenario, "inferred", []):  # what an older file left to the reader
        print(f"{args.file}: note: {note}")
    return EXIT_OK


def validate_campaign(file: str) -> int:
    """``validate CAMPAIGN``: the campaign and each of its missions (a mission that does not
    load is an error of the campaign, named by its place: mission 3 ("lane")). A progress
    file is read and verified: played again, it must give what it records."""
    from ambush_gui.ambush.campaign import Campaign, Progress
    from ambush_gui.ambush.campaign.progress import FORMAT
    from ambush_gui.core.errors import ScenarioError
    from ambush_gui.core.files import read_data

    if read_data(file, ScenarioError).get("format") == FORMAT:
        p = Progress.load(file)
        problems = p.verify()
        for problem in problems:
            print(f"{printable(file, 200)}: not verified: {printable(problem, LINE)}", file=sys.stderr)
        if problems:
            return EXIT_FAILED
        print(f"{printable(file, 200)}: valid progress of the campaign "
              f"'{printable(p.campaign.title, 80)}', {count(len(p.done), 'mission')} done: "
              "verified (its seed, roster, answers and promotions play again to what it records)")
        return EXIT_OK
    c = Campaign.load(file)
    warned = 0
    for step in c.steps:
        m = step.mission
        for place, what in summarise([m.describe(p, w) for p, w in m.warnings]):
            warned += 1
            print(f"warning: {printable(file, 200)}: mission {step.index + 1} ({step.id!r}, "
                  f"{printable(m.name, 60)}): {printable(place or '(top level)', 120)}: "
                  f"{printable(what, LINE)}", file=sys.stderr)
    for place, what in c.warnings:  # the campaign's own: a brief naming the mission's men
        warned += 1
        print(f"warning: {printable(file, 200)}: {printable(place, 120)}: {printable(what, LINE)}",
              file=sys.stderr)
    extra = f" ({count(warned, 'warning')})" if warned else ""
    print(f"{printable(file, 200)}: valid ambush campaign '{printable(c.title, 80)}', "
          f"{count(len(c.steps), 'mission')}{extra}")
    return EXIT_OK


def cmd_odds(args: argparse.Namespace) -> int:
    from ambush_gui.core.odds import odds_json, odds_text

    if args.json:
        print(json.dumps(odds_json(args.attack, args.defense)))
    else:
        print(odds_text(args.attack, args.defense))
    return EXIT_OK


def computer_seat(text: str) -> tuple[str, str]:
    """``play --computer SIDE[:LEVEL]``: the side the computer plays and its level."""
    from ambush_gui.ai.levels import LEVELS, level_of

    side, _, level = text.strip().lower().partition(":")
    level = level or "normal"
    problem = ""
    if side not in ("regular", "insurgent"):
        problem = f"unknown side {side!r}; expected regular or insurgent"
    else:
        try:
            level = level_of(level)
        except ValueError:
            level = "random"  # refused just below, with the choices
        if level not in LEVELS:
            problem = f"unknown level {text.partition(':')[2]!r}; expected one of {', '.join(LEVELS)}"
    if problem:
        raise argparse.ArgumentTypeError(f"{problem} (e.g. insurgent:hard)")
    return side, level


def parse_players(text: str, sides: Sequence[str]) -> dict[str, str]:
    """``--players SIDE=LEVEL,...``: each seated side's level (``ai`` is normal) or
    ``random``; the sides not named play normal."""
    from ambush_gui.ai.levels import PLAYER_KINDS, level_of

    seats = {side: "normal" for side in sides}
    for part in filter(None, (t.strip() for t in text.split(","))):
        side, _, kind = (w.strip().lower() for w in part.partition("="))
        if side not in seats:
            raise ValueError(f"--players: {part!r}: unknown side {side!r}; expected SIDE=LEVEL with "
                             f"SIDE one of {', '.join(sides)}")
        try:
            seats[side] = level_of(kind)
        except ValueError:
            raise ValueError(f"--players: {part!r}: unknown level {kind!r}; expected one of "
                             f"{', '.join(PLAYER_KINDS)}") from None
    return seats


def seconds_per_decision(report: Report) -> str:
    """The text output's line of per-side decision times."""
    parts = []
    for side, t in report.decision_times.items():
        if t.decisions:
            parts.append(f"{side} median {1000 * t.quantile(0.5):.3g} ms, "
                         f"95th percentile {1000 * t.quantile(0.95):.3g} ms ({t.decisions} decisions)")
    return "; ".join(parts) or "no decisions"


def cmd_simulate(args: argparse.Namespace) -> int:
    from ambush_gui import systems
    from ambush_gui.ai.simulate import GameFactory, default_jobs, simulate

    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise ValueError("--jobs must be at least 1")
    path = systems.resolve(args.scenario)
    if is_campaign(path):
        return simulate_campaign(path, args)
    scenario = systems.load_scenario(path, SCALES[args.scale])
    system = scenario.spec.system
    seats = parse_players(args.players, systems.seated_sides(system))
    options = chosen_options(args, system)
    report = simulate(GameFactory(scenario, options), scenario.spec.name, args.games, args.seed, seats,
                      systems.invariants, systems.outcome, jobs=args.jobs or default_jobs())
    for problem in report.problems:
        print(problem, file=sys.stderr)
    if args.json:
        print(json.dumps(report.to_json() | {"players": seats}, indent=1))
    else:
        r = report
        wins = ", ".join(f"{k} {v}" for k, v in r.wins.items())
        vp = ", ".join(f"{k} {v:.1f}" for k, v in r.mean_victory_points.items())
        lost = ", ".join(f"{k} {v:.2f}" for k, v in r.mean_losses.items())
        played = systems.new_game_options(scenario, options) if system == "alley" else {}
        if played:
            print("options: " + ", ".join(f"{k}={v}" for k, v in played.items()))
        print(f"{r.scenario}: {r.games} games ({', '.join(f'{k}={v}' for k, v in seats.items())})\n"
              f"  wins: {wins}\n  mean VP: {vp}\n  mean fighters lost: {lost}\n"
              f"  mean turns: {r.mean_turns:.1f}\n"
              f"  exceptions: {r.exceptions}, invariant violations: {r.invariant_violations}\n"
              f"  seconds per decision: {seconds_per_decision(r)}\n"
              f"  {r.games_per_second:.1f} games/s on {count(r.jobs, 'process', 'processes')}")
    return EXIT_OK if report.exceptions == 0 and report.invariant_violations == 0 else EXIT_FAILED


def simulate_campaign(path: Path, args: argparse.Namespace) -> int:
    """``simulate CAMPAIGN``: whole campaigns played by the computer (on one process)."""
    from ambush_gui.ambush.campaign import Campaign
    from ambush_gui.ambush.campaign.simulate import simulate_campaigns

    if args.option:
        raise ValueError("--option: Ambush! has no rules options")
    campaign = Campaign.load(path)
    us = parse_players(args.players, ("us",))["us"]
    r = simulate_campaigns(campaign, args.games, args.seed, us)
    for problem in r["problems"]:
        print(problem, file=sys.stderr)
    if args.json:
        print(json.dumps(r, indent=1))
    else:
        print(f"{campaign.name}: {count(args.games, 'campaign')} (us={us})")
        for sid, m in r["missions"].items():
            o = m["outcomes"]
            print(f"  {sid:14} played {m['played']:4}: us {o['us']}, draw {o['draw']}, "
                  f"german {o['german']}; mean points {m['mean_points']:.1f}, "
                  f"men lost {m['mean_lost']:.2f}")
        sv, g = r["survivors"], r["growth"]["mean"]
        print(f"  survivors at the end: mean {sv['mean']:.2f} (of them from the start "
              f"{sv['mean_veterans']:.2f}), min {sv['min']}, max {sv['max']}\n"
              f"  ratings raised per campaign: " + ", ".join(f"{k} {v:.2f}" for k, v in g.items())
              + f"\n  exceptions: {r['exceptions']}, invariant violations: "
              f"{r['invariant_violations']}")
    return EXIT_OK if r["exceptions"] == 0 and r["invariant_violations"] == 0 else EXIT_FAILED


def cmd_replay(args: argparse.Namespace) -> int:
    from ambush_gui import systems
    from ambush_gui.core import saves

    if args.branch is not None and args.at is None:
        raise ValueError("--branch: say from which moment with --at N")
    if args.at is not None:
        return replay_at(args)
    if args.verify:
        try:
            verdict = saves.check(args.save, systems.factory)
        except saves.Divergence as exc:
            print(f"replay failed: {exc}", file=sys.stderr)
            return EXIT_FAILED
        if verdict.verified:
            print(f"{args.save}: verified: {verdict.checked}")
            return EXIT_OK
        print(f"{args.save}: NOT verified (checked: {verdict.checked})")
        for why in verdict.unproven:
            print(f"{args.save}: not verified: {why}")
        return EXIT_UNVERIFIED
    game = saves.replay(args.save, systems.factory)
    pending = game.pending()
    state = "over" if pending is None else f"waiting for: {pending.prompt}"
    print(f"{args.save}: {count(len(game.decisions), 'decision')} replayed; the game is {state}")
    return EXIT_OK


def replay_at(args: argparse.Namespace) -> int:
    """``replay SAVE --at N [--branch OUT]``: the game as it stood after N decisions, and a
    new game from there."""
    from ambush_gui import systems
    from ambush_gui.core import saves

    whole = saves.replay(args.save, systems.factory)
    n = len(whole.decisions)
    if not 0 <= args.at <= n:
        raise ValueError(f"--at {args.at}: {args.save} has moments 0 (its start) to {n} (after "
                         f"its last decision)")
    if args.branch is None:
        for line in moment_lines(saves.replay(args.save, systems.factory, upto=args.at), n):
            print(line)
        return EXIT_OK
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    new = saves.branch(whole, args.at, seed, systems.factory, Path(args.save).name)
    out = saves.with_suffix(args.branch)
    saves.save(new, out)
    print(f"{out}: a new game from the moment after decision {args.at} of {args.save}; its dice "
          f"from there on are fresh (seed {seed}), never the old game's")
    return EXIT_OK


def moment_lines(game: object, of: int) -> list[str]:
    """A game at one moment in a few lines: where it stands, what had just happened, the
    units (a table game's) and what was being asked."""
    g: Any = game
    n = len(g.decisions)
    out = [f"the moment after decision {n} of {of}" + (" (the start)" if n == 0 else "")]
    st = getattr(g, "state", None)
    if g.system == "alley" and st is not None:
        out.append(f"turn {st.turn} of {g.spec.turn_limit}, {st.phase}")
        for u in st.units.values():
            if not u.on_table:
                continue
            marks = [w for w, on in (("pinned", u.pinned), ("shaken", u.shaken(st.turn)))
                     if on]
            out.append(f"  {u.side.value:9} {u.name}: {count(len(u.fighters), 'figure')}"
                       + (f", {len(u.dependants)} carried" if u.dependants else "")
                       + (f" ({', '.join(marks)})" if marks else ""))
    elif st is not None:
        out.append(f"turn {getattr(st, 'turn', '?')}")
    said = [e.text.strip() for e in g.log.events[-8:] if e.text.strip()]
    if said:
        out.append("what had just happened:")
        out += [f"  {printable(t, LINE)}" for t in said]
    d = g.pending()
    out.append(f"open decision: {d.prompt}" if d is not None else "the game is over")
    out.append(f"state hash: {g.state_hash()}")
    return out


def cmd_report(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # drawn offscreen: no window opens
    from ambush_gui.gui.app import application

    application()
    from ambush_gui.gui import report

    told = report.write(args.save, args.out)
    state = "finished" if told.game.over else "unfinished (only what both sides saw)"
    print(f"{args.out}: the report of {args.save}: {count(len(told.game.decisions), 'decision')}, "
          f"{count(len(told.moments), 'big moment')} pictured, the game {state}")
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
