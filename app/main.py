"""Command line and start-up: runetable [--game G] [--players N] [--computer SEATS]
[--option NAME=VALUE] [--seed S] [--load FILE] [--screenshot PNG] [--version].

Non-Qt modules are imported before PySide6, pydantic once the window is up
(when the match is set up), and pyqtgraph only when a chart is first shown,
because start-up time is what a player feels first.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from app import __version__
from app.words import count
from engine.core import registry
from engine.core.errors import ContentError, SaveError
from engine.core.game import RuleMode
from engine.games import game_names

SHOT_SIZE = (1600, 1000)
NO_DISPLAY = ("runetable: no display found (DISPLAY and WAYLAND_DISPLAY are unset). Runetable "
              "is a desktop program: start it in a desktop session, or on a virtual display "
              "with `xvfb-run runetable`, or take a picture of the table without any display "
              "with `runetable --screenshot board.png`.")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="runetable",
                                     description="Play tabletop games at one computer.")
    parser.add_argument("--version", action="version", version=f"Runetable {__version__}")
    parser.add_argument("--list-games", action="store_true",
                        help="print the games this installation has, one per line, and exit")
    parser.add_argument("--game", choices=game_names(), help="start a new match of this game")
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--seed", type=int, help="seed for cards and dice")
    parser.add_argument("--mode", choices=[m.value for m in RuleMode],
                        help="rule mode (default: enforced; sandbox for the free table)")
    parser.add_argument("--computer", metavar="SEATS", type=_seats,
                        help="seats the computer plays, e.g. 2 or 2,3")
    parser.add_argument("--option", metavar="NAME=VALUE", action="append", default=[],
                        type=_option, help="a game option, e.g. --option width=5 (repeatable)")
    parser.add_argument("--load", metavar="FILE", help="open a saved match")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="set the match up, save a picture of the window, exit")
    parser.add_argument("--size", metavar="WxH", type=_size, default=SHOT_SIZE,
                        help="the window size for --screenshot (default 1600x1000)")
    parser.add_argument("file", nargs="?", help="a .runetable save to open")
    parser.add_argument("--quit-when-shown", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()
            and 320 <= int(width) <= 8192 and 240 <= int(height) <= 8192):
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT such as 1366x768, not {text!r}")
    return int(width), int(height)


def _seats(text: str) -> list[int]:
    try:
        seats = [int(part) - 1 for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seats are numbers such as 2 or 2,3, not {text!r}") from None
    if any(s < 0 for s in seats):
        raise argparse.ArgumentTypeError("seats are numbered from 1")
    return seats


def _option(text: str) -> tuple[str, object]:
    """NAME=VALUE, the value read as JSON when it is JSON (5, true) and as text otherwise."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text!r}")
    try:
        value: object = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip().replace("-", "_"), value


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.list_games:
        print("\n".join(game_names()))
        return 0
    no_display = (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
                  and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")))
    if args.screenshot and no_display:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif no_display:
        print(NO_DISPLAY, file=sys.stderr)
        return 1

    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow
    from app.paths import APP, ORG

    if args.screenshot:
        quiet_offscreen_warnings()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORG)
    app.setApplicationName(APP)
    app.setApplicationVersion(__version__)
    window = MainWindow()
    if args.screenshot or args.quit_when_shown:
        # Unattended runs (pictures, the start-up benchmark): no one could close a message
        # box, so a problem such as an unreadable save is told on stderr and start goes on.
        window.warn = lambda title, text: print(f"{title}: {text}", file=sys.stderr)
    window.report_storage()
    if args.screenshot:
        window.controller.autosave_enabled = False
    if args.screenshot:
        window.resize(*args.size)
    else:
        window.layout_keeper.restore_window()
    if args.screenshot:
        start(window, args)
        return take_screenshot(window, Path(args.screenshot))
    from PySide6.QtCore import QTimer

    # The window is up before the match is set up and drawn: the program answers the
    # player at once, and a question (resume the interrupted match?) comes over it.
    window.show()
    if args.quit_when_shown:  # the start-up benchmark: first window shown, then the board
        QTimer.singleShot(0, lambda: print("window", flush=True))
    QTimer.singleShot(0, lambda: open_table(window, args))
    return app.exec()


def open_table(window: object, args: argparse.Namespace) -> None:
    """Set the table the command line asks for in the shown window (see `start`), and
    lay it out and draw it at once: a timer that came due meanwhile (the Dice dock's
    chart imports pyqtgraph for ~0.4 s) must not keep the table off the screen."""
    from PySide6.QtCore import QCoreApplication

    start(window, args)
    for _ in range(2):  # the layout the first pass makes asks for a paint of its own
        QCoreApplication.sendPostedEvents()
    if args.quit_when_shown:
        print("shown", flush=True)
        QCoreApplication.quit()


def quiet_offscreen_warnings() -> None:
    """Keep Qt's notes about what the offscreen platform cannot do (window size hints)
    out of the terminal of a picture taken without a screen; other messages still show."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, context: object, message: str) -> None:
        if "propagateSizeHints" not in message:
            print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def start(window: object, args: argparse.Namespace) -> None:
    """Open what the command line asks for, else offer to resume, else a sandbox table."""
    from app.main_window import MainWindow

    assert isinstance(window, MainWindow)
    load = args.load or args.file
    if load:
        if window.load(load):
            return
    elif args.game:
        new_from_args(window, args)
        return
    elif not (args.screenshot or args.quit_when_shown) and offer_resume(window):
        return
    if window.controller.match is None:
        new_from_args(window, args)


def new_from_args(window: object, args: argparse.Namespace) -> None:
    from engine.core.options import make_options  # pydantic: read once the window is up
    from engine.games import get_game

    name = args.game or registry.start_game().name
    try:
        game = get_game(name)
    except ContentError as exc:
        window.warn("Damaged installation", f"{name} cannot be set up:\n{exc}")
        return
    options: dict[str, object] = dict(args.option)
    if args.players is not None:
        options["players"] = args.players
    if args.computer:
        options["computer_seats"] = args.computer
    try:
        validated = make_options(game.options_model, options)
    except ValueError as exc:
        window.warn("Bad options", f"{game.title}: {exc}")
        validated = game.options_model()
    listed = registry.entry(name)
    mode = RuleMode(args.mode) if args.mode else listed.mode
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    window.controller.new_match(name, validated, seed, mode, take_backs=listed.take_backs)


def offer_resume(window: object) -> bool:
    """Offer the interrupted match from the autosave; True if the player took it."""
    from PySide6.QtWidgets import QMessageBox

    from app.match_controller import resumable_autosave

    path, match, problem = resumable_autosave()
    if problem:
        window.warn("Autosave unreadable", f"The last autosave could not be read:\n{problem}")
        return False
    if path is None or match is None or not match.steps:
        return False  # nothing was played: nothing to lose by starting afresh
    answer = QMessageBox.question(
        window, "Resume?",
        f"A {match.game.title} match was interrupted after "
        f"{count(len(match.steps), 'action')}.\n"
        "Resume it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes)
    if answer != QMessageBox.StandardButton.Yes:
        return False
    try:
        window.controller.load(path, remember_path=False)
    except SaveError as exc:  # changed on disk since it was read
        window.warn("Autosave unreadable", str(exc))
        return False
    return True


def take_screenshot(window: object, path: Path) -> int:
    from PySide6.QtCore import QCoreApplication

    window.show()
    window.dice_dock.ensure_chart()
    for _ in range(5):
        QCoreApplication.processEvents()
    window.view.fit()
    QCoreApplication.processEvents()
    image = window.grab()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(path)):
        print(f"error: could not write {path}", file=sys.stderr)
        return 1
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
