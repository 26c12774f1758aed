"""``kaboom ladder`` (issue 35): the server's ladder, for its operator. ``recompute``
rebuilds every rating from the finished rated tables, in the order they finished (what
the server stored as they finished, exactly). ``cli/main.py`` registers the group."""

from __future__ import annotations

from typing import Annotated

import typer

from kaboom.cli.console import out
from kaboom.cli.group import KaboomGroup
from kaboom.i18n import _, ngettext

app = typer.Typer(cls=KaboomGroup, help=_("The server's ladder: its ratings."))


@app.command(
    help=_(
        "Rebuild every rating from the stored finished rated tables, in the order they "
        "finished, and say how many changed."
    ),
)
def recompute(db: Annotated[str, typer.Option(help=_("The server's database."))]) -> None:
    from kaboom.server import ladder
    from kaboom.server.db import make_engine, migrate

    engine = make_engine(db)
    try:
        migrate(engine)
        before = ladder.stored(engine)
        after = ladder.recompute(engine)
    finally:
        engine.dispose()
    changed = sum(1 for key, rec in after.items() if before.get(key) != rec)
    changed += sum(1 for key in before if key not in after)
    said = ngettext(
        "{n} rating recomputed; {changed} differed from those stored",
        "{n} ratings recomputed; {changed} differed from those stored",
        len(after),
    )
    out().print(said.format(n=len(after), changed=changed))
