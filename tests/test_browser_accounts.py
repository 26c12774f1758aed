"""Accounts in the browser (issue 35; Playwright driving Debian's Chromium against a real
``kaboom serve``): a person signs up in the lobby's header and makes a table for friends
(their seat recorded to the account); from a second browser context they sign in (a wrong
password first: the server's words shown) and take the seat back from "Your tables",
landing at the table in that seat; signing out leaves a guest's lobby. The header's form
signed out, open and signed in is axe-clean (no serious or critical fault) and reached by
the keyboard; no console errors."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    Person,
    faults,
    lobby,
    server_fixture,
    visitor,
)
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_accounts")]

PASSWORD = "a long enough password"


def account_form(p: Person, which: str, name: str, password: str) -> None:
    """Open the header's form by the keyboard (its button focused, Enter), fill it in and
    send it with Enter."""
    page = p.page
    page.focus(f"#sign-{which}-btn")
    page.keyboard.press("Enter")
    page.wait_for_selector("#account-box:not(.hidden)")
    assert page.evaluate("document.activeElement.id") == "account-user"
    page.fill("#account-user", name)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "account-password"
    page.keyboard.type(password)
    page.keyboard.press("Enter")


def signed_in_as(p: Person, name: str) -> None:
    p.page.wait_for_selector("#signed-in:not(.hidden)")
    assert p.page.inner_text("#account-name") == name


def test_sign_up_then_take_the_seat_back_in_another_browser(
    server: Server, browser: Any, axe: Any
) -> None:
    name = f"Ann {secrets.token_hex(3)}"
    phone, laptop = visitor(browser, server.base, "phone"), visitor(browser, server.base, "laptop")
    lobby(phone)
    assert faults(axe, phone.page) == []  # a guest's header
    account_form(phone, "up", name, PASSWORD)
    signed_in_as(phone, name)
    assert phone.page.input_value("#name") == name
    assert faults(axe, phone.page) == []  # signed in
    # a table for friends: the host's seat 0 is the account's
    phone.page.click("#play-friends")
    phone.page.click("#friends-create")
    phone.page.wait_for_selector("#invite:not(.hidden)")
    table = phone.page.get_attribute("#go-table", "href") or ""
    table_id = table.split("/tables/")[1].split("?")[0]

    lobby(laptop)
    account_form(laptop, "up", name.upper(), PASSWORD)  # the name is taken, whatever its case
    laptop.page.wait_for_selector("#account-error:not(.hidden)")
    assert "name: taken" in laptop.page.inner_text("#account-error")
    assert faults(axe, laptop.page) == []  # the form open, an error shown
    laptop.page.click("#account-cancel")
    account_form(laptop, "in", name, "not the password")
    laptop.page.wait_for_selector("#account-error:not(.hidden)")
    assert laptop.page.inner_text("#account-error") == "wrong name or password"
    laptop.page.fill("#account-password", PASSWORD)
    laptop.page.press("#account-password", "Enter")
    signed_in_as(laptop, name)
    back = laptop.page.wait_for_selector(f"#mine button[data-table='{table_id}']")
    assert back is not None and back.inner_text() == "Take your seat back"
    back.focus()
    laptop.page.keyboard.press("Enter")
    laptop.page.wait_for_url(f"**/tables/{table_id}")
    laptop.page.wait_for_function(
        "() => /You are/.test(document.querySelector('#whoami')?.innerText || '')"
    )
    assert laptop.seat == 0

    # the phone's old token no longer works: its lobby offers the seat back again
    lobby(phone)
    phone.page.wait_for_selector(f"#mine button[data-table='{table_id}']")
    phone.page.click("#sign-out-btn")
    phone.page.wait_for_selector("#signed-out:not(.hidden)")
    assert phone.page.is_hidden("#mine-panel")
    lobby(phone)  # a guest again: the page asks the server nothing about accounts
    assert phone.page.is_visible("#sign-in-btn")
    errors = [e for p in (phone, laptop) for e in p.errors if not refused(e)]
    assert errors == [], errors


def refused(error: str) -> bool:
    """Chromium's console line for a refused request the test meant (the name taken: 409;
    the wrong password: 401): not a fault of the page."""
    return "Failed to load resource" in error and any(f" {s} " in error for s in ("401", "409"))
