"""``rami play``: a game in the terminal against the computer; ``rami replay FILE --viewer``: a
saved game stepped through in the same viewer.

Textual is imported inside the commands so that every other ``rami`` command starts fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from rami.cli.common import fail, fail_with, load_rules
from rami.errors import RamiError
from rami.i18n import LANGUAGES, negotiate_language, translator
from rami.records import load

LangOption = Annotated[
    str | None,
    typer.Option("--lang", help=f"Language: {', '.join(LANGUAGES)} (default: from $LANG)."),
]


def system_language() -> str:
    """The language of the environment ($LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG), or English."""
    tags = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        tags += [t for t in os.environ.get(variable, "").split(":") if t]
    return negotiate_language(tags)


def _language(lang: str | None) -> str:
    if lang is None:
        return system_language()
    if lang not in LANGUAGES:
        fail(
            "unknown_language", f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})", False
        )
    return lang


def has_terminal() -> bool:
    """True when stdin and stdout are a terminal (the table needs one to read keys and draw)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _need_terminal(command: str) -> None:
    if not has_terminal():
        fail(
            "no_terminal",
            f"rami {command} draws in a terminal and reads its keys: run it in one "
            "(stdin and stdout must not be a pipe or a file)",
            False,
        )


def play(
    rules: Annotated[
        str | None, typer.Option("--rules", help="Rule preset (rami51, rami40, ...).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", min=2, max=6, help="Players, 2-6.")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", help="Bot levels, one for all or one per bot: medium,hard."),
    ] = None,
    seed: Annotated[
        str | None, typer.Option("--seed", help="Seed of the match (for a repeatable deal).")
    ] = None,
    lang: LangOption = None,
    name: Annotated[str | None, typer.Option("--name", help="Your name at the table.")] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Continue the game saved in FILE.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Save the game to FILE, or to a new file in it when it is a folder "
            "(default: a new file per game).",
        ),
    ] = None,
    list_games: Annotated[
        bool, typer.Option("--list", help="List the saved games and how to resume them.")
    ] = False,
) -> None:
    """Play Rami against the computer (with no options: choose everything on a setup screen).

    Each game is saved to a file of its own (named by date and players) under
    $XDG_DATA_HOME/rami/games; --list shows them.
    """
    from rami.tui.app import RamiApp
    from rami.tui.session import Session
    from rami.tui.settings import GameSettings, account_name, parse_bots

    language = _language(lang)
    tr = translator(language)
    if list_games:
        _list_games(language)
        return
    player = name or account_name() or tr.pgettext("the player's name", "You")
    session = settings = None
    if resume is not None:
        try:
            session = Session.resume(resume)
        except RamiError as error:
            fail_with(error, False)
    elif any(v is not None for v in (rules, players, bots, seed, name)):
        ruleset = load_rules(rules or "rami51", False)
        try:
            levels = parse_bots(bots or "", players or (None if bots else 2))
        except ValueError as error:
            fail("bad_bots", str(error), False)
        settings = GameSettings(ruleset, player, levels, seed, language)
        if not ruleset.min_players <= settings.players <= ruleset.max_players:
            fail(
                "bad_player_count",
                f"{ruleset.name} is for {ruleset.min_players}-{ruleset.max_players} players",
                False,
            )
    _need_terminal("play")
    folder = save if save is not None and save.is_dir() else None
    app = RamiApp(
        settings=settings,
        session=session,
        lang=language,
        name=player,
        save_path=None if folder is not None else save or resume,
        save_dir=folder,
    )
    saved = app.run()
    if saved is not None and saved.exists():
        typer.echo(tr.gettext("Game saved to {path}.", path=saved))
        if app.session is not None and not app.session.match.finished:
            typer.echo(tr.gettext("Continue it with: rami play --resume {path}", path=saved))


def _list_games(lang: str) -> None:
    """Print the saved games, newest first, each with how to resume it."""
    from rami.tui.saves import saved_games
    from rami.tui.settings import saves_dir

    tr = translator(lang)
    games = saved_games()
    if not games:
        typer.echo(tr.gettext("No saved game in {path}.", path=saves_dir()))
        return
    for game in games:
        names = ", ".join(game.names)
        when = game.saved.strftime("%Y-%m-%d %H:%M")
        if game.finished:
            state = tr.gettext("match over")
        else:
            state = tr.gettext("round {number}", number=game.round_index)
        typer.echo(f"{when}  {names}  ·  {game.rules}  ·  {state}")
        typer.echo(f"    rami play --resume {game.path}")


def open_viewer(file: Path, lang: str | None, seat: int) -> None:
    """Step through the game record ``file`` in the terminal viewer, from seat ``seat`` (1 up)."""
    from rami.tui.app import RamiApp

    language = _language(lang)
    try:
        match = load(file)
    except RamiError as error:
        fail_with(error, False)
    if seat > len(match.names):
        fail("bad_seat", f"the game has {len(match.names)} seats", False)
    _need_terminal("replay --viewer")
    app = RamiApp(replay=match, lang=language, save_path=file, seat=seat - 1)
    app.run()


def register(app: typer.Typer) -> None:
    """Add ``play`` to ``app`` (``rami replay --viewer`` opens :func:`open_viewer`)."""
    app.command("play")(play)
