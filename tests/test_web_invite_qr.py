"""The QR code of a private table's invite link (``GET /api/tables/{id}/invite.svg``): an
SVG that segno drew of the table's own link, only for the table's own invite; an over-long
invite is a 400 naming the field and the limit; a wrong one or an open table a 404."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from fastapi.testclient import TestClient

from kaboom.server.config import ServerConfig
from kaboom.web.app import MAX_INVITE, create_app, qr_svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    config = ServerConfig(db=f"sqlite:///{tmp_path}/qr.db", http_rate=0, msg_rate=0)
    with TestClient(create_app(config)) as c:
        yield c


def private_table(client: TestClient) -> dict[str, Any]:
    body = {"game": "exploding-kittens", "players": 2, "private": True}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    assert table["invite"]
    return table


def qr_of(client: TestClient, table: dict[str, Any], invite: str | None = None) -> Any:
    url = f"/api/tables/{table['id']}/invite.svg"
    return client.get(url, params={"invite": table["invite"] if invite is None else invite})


def test_the_invite_is_an_svg_segno_drew() -> None:
    root = ElementTree.fromstring(qr_svg("http://example.org/tables/abc?invite=x"))
    assert root.tag == f"{SVG}svg"
    assert "segno" in root.attrib["class"].split()
    size = int(root.attrib["viewBox"].split()[2])
    # a version-1..40 QR code is 21..177 modules a side, plus a quiet zone of 4 each side
    assert 21 + 8 <= size <= 177 + 8 and (size - 8 - 21) % 4 == 0
    assert root.find(f"{SVG}title") is not None
    assert root.find(f"{SVG}path[@class='qrline']") is not None


def test_a_private_tables_invite_as_a_qr_code(client: TestClient) -> None:
    one, two = private_table(client), private_table(client)
    first, second = qr_of(client, one), qr_of(client, two)
    for r in (first, second):
        assert r.status_code == 200, r.text
        assert r.headers["content-type"].startswith("image/svg+xml")
        assert r.headers["cache-control"] == "no-store"
        assert ElementTree.fromstring(r.content).tag == f"{SVG}svg"
    # the link of each table: other text, another code
    assert first.content != second.content
    link = f"http://testserver/tables/{one['id']}?invite={one['invite']}"
    assert first.content == qr_svg(link)


def test_only_the_tables_own_invite_draws_it(client: TestClient) -> None:
    table = private_table(client)
    for invite in ("", "not-the-invite", two_tables_invite(client)):
        r = qr_of(client, table, invite)
        assert r.status_code == 404, r.text
    r = client.post("/api/tables", json={"game": "exploding-kittens", "players": 2})
    open_table = r.json()
    assert client.get(f"/api/tables/{open_table['id']}/invite.svg").status_code == 404
    assert client.get("/api/tables/no-such-table/invite.svg?invite=x").status_code == 404


def two_tables_invite(client: TestClient) -> str:
    invite: str = private_table(client)["invite"]
    return invite


def test_an_over_long_invite_is_a_400_naming_the_field_and_the_limit(client: TestClient) -> None:
    table = private_table(client)
    r = qr_of(client, table, "x" * (MAX_INVITE + 1))
    assert r.status_code == 400
    detail = r.json()["detail"]
    assert "invite" in detail and str(MAX_INVITE) in detail
    assert qr_of(client, table, "x" * MAX_INVITE).status_code == 404
