"""``kaboom accounts``: the server's accounts, for its operator (issue 35: there is no
e-mail, so a forgotten password is reset here): list, rename, reset a password, remove;
against the database ``kaboom serve --db`` uses."""

from __future__ import annotations

import getpass
import sys
import time
from typing import TYPE_CHECKING, Annotated

import typer

from kaboom.cli.console import out
from kaboom.cli.group import KaboomGroup
from kaboom.engine.errors import BadInput
from kaboom.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from kaboom.server.db import AccountRow, Store

app = typer.Typer(
    cls=KaboomGroup,
    help=_("The server's accounts, for its operator: list, rename, reset a password, remove."),
    no_args_is_help=True,
)

DbOption = Annotated[
    str,
    typer.Option(help=_("Database: a SQLite file (default) or postgresql://USER@HOST/DB.")),
]
DEFAULT_DB = "sqlite:///kaboom-server.db"

#: Each command's help (``cli/main.py`` registers the commands with it).
HELP = {
    "list": N_("List the accounts: name and when each was made."),
    "rename": N_("Rename an account (its seats, history and sessions stay its own)."),
    "reset-password": N_(
        "Set an account's password (asked twice without echo, or read from stdin); every "
        "device signed in to it is signed out."
    ),
    "remove": N_(
        "Remove an account (its games stay, their seats by name only); the ladder is "
        "recomputed without it, so the stored ratings stay those the stored games give."
    ),
}


def _store(db: str) -> Store:
    """The server's database, upgraded first (as ``kaboom serve`` does)."""
    try:
        from kaboom.server.db import Store, make_engine, migrate
    except ImportError as e:
        needs = _("the server extra: pip install -e '.[server]' ({error})").format(error=e)
        raise BadInput("accounts", needs) from None
    engine = make_engine(db)
    migrate(engine)
    return Store(engine)


def _account(store: Store, name: str) -> AccountRow:
    from kaboom.server.accounts import name_key

    row = store.account(name_key(name))
    if row is None:
        said = _("an account's name, got {name} (kaboom accounts list)").format(name=repr(name))
        raise BadInput("NAME", said)
    return row


def _valid(check: object, *args: str) -> str:
    """A rule of ``kaboom.server.accounts`` (it raises an HTTP 400) as a ``BadInput``."""
    from fastapi import HTTPException

    try:
        result = check(*args)  # type: ignore[operator]
    except HTTPException as e:
        field, _sep, why = str(e.detail).partition(": ")
        raise BadInput(field.upper(), why) from None
    return str(result)


def list_accounts(db: DbOption = DEFAULT_DB) -> None:
    rows = _store(db).accounts()
    for row in rows:
        made = time.strftime("%Y-%m-%d %H:%M", time.gmtime(row.created_at))
        out().print(f"{row.name}\t{made} UTC", highlight=False, markup=False)
    counted = ngettext("{n} account", "{n} accounts", len(rows)).format(n=len(rows))
    out().print(counted, highlight=False)


def rename(
    old: Annotated[str, typer.Argument(help=_("The account's name now."))],
    new: Annotated[str, typer.Argument(help=_("Its new name."))],
    db: DbOption = DEFAULT_DB,
) -> None:
    from kaboom.server.accounts import clean_name, name_key

    store = _store(db)
    row = _account(store, old)
    shown = _valid(clean_name, new)
    if not store.rename_account(row.id, shown, name_key(shown)):
        raise BadInput("NEW", _("a name nobody has, but {name} is taken").format(name=repr(shown)))
    said = _("renamed {old} to {new}").format(old=row.name, new=shown)
    out().print(said, highlight=False, markup=False)


def reset_password(
    name: Annotated[str, typer.Argument(help=_("The account's name."))],
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help=_("Read the new password from stdin."))
    ] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    from kaboom.server.accounts import check_password, hash_password

    store = _store(db)
    row = _account(store, name)
    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = getpass.getpass(_("new password: "))
        if getpass.getpass(_("again: ")) != password:
            raise BadInput("password", _("the same password twice"))
    store.set_password(row.id, hash_password(_valid(check_password, password)))
    said = _("new password for {name}; signed out everywhere").format(name=row.name)
    out().print(said, highlight=False)


def remove(
    name: Annotated[str, typer.Argument(help=_("The account's name."))],
    db: DbOption = DEFAULT_DB,
) -> None:
    from kaboom.server import ladder

    store = _store(db)
    row = _account(store, name)
    store.remove_account(row.id)
    ladder.recompute(store.engine)
    said = _("removed {name}; the ladder recomputed").format(name=row.name)
    out().print(said, highlight=False, markup=False)
