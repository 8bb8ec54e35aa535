"""Stored lists: every change committed at once, the change log undo walks back, stale revisions."""

from __future__ import annotations

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade

from tests.helpers import MakeApp
from webapp.storage import scoresheet as store

HAND = {"kind": "game", "declarer": "2", "game": "clubs", "matadors": "1", "points": "61", "bid": "18"}


def hand(points: int) -> dict[str, str]:
    return {**HAND, "points": str(points)}


def points(token: str) -> list[str]:
    stored = store.load_list(token)
    assert stored is not None
    return [fields["points"] for fields in stored.hands]


def test_a_list_is_created_and_found_by_its_token(app: Flask) -> None:
    with app.app_context():
        token = store.create_list(title="Friday", players=["A", "B", "C"], rules=["kontra"])
        other = store.create_list(title="", players=["A", "B", "C", "D"], rules=[])
        assert token != other and len(token) >= 22
        stored = store.load_list(token)
        assert stored is not None
        assert (stored.title, stored.players, stored.rules, stored.revision) == ("Friday", ("A", "B", "C"), ("kontra",), 0)
        assert stored.hands == () and stored.last_change is None
        assert store.load_list("no-such-token") is None
        assert store.load_list("x" * 500) is None


def test_changes_and_undo_walk_back_in_order(app: Flask) -> None:
    with app.app_context():
        token = store.create_list(title="", players=["A", "B", "C"], rules=[])
        store.add_hand(token, 0, hand(61))
        store.add_hand(token, 1, hand(62))
        store.add_hand(token, 2, hand(63))
        store.edit_hand(token, 3, 1, hand(70))
        store.delete_hand(token, 4, 2)
        assert points(token) == ["70", "63"]
        stored = store.load_list(token)
        assert stored is not None and stored.revision == 5
        assert stored.last_change == store.Change(store.Action.DELETE, 2)
        # Undo the deletion: hand 2 comes back at its place.
        assert store.undo(token, 5) == store.Change(store.Action.DELETE, 2)
        assert points(token) == ["70", "62", "63"]
        # Undo the edit, then the third hand's entry.
        assert store.undo(token, 6) == store.Change(store.Action.EDIT, 1)
        assert points(token) == ["61", "62", "63"]
        assert store.undo(token, 7) == store.Change(store.Action.ADD, 3)
        assert points(token) == ["61", "62"]
        store.add_hand(token, 8, hand(99))
        assert store.undo(token, 9) == store.Change(store.Action.ADD, 3)
        assert store.undo(token, 10) == store.Change(store.Action.ADD, 2)
        assert store.undo(token, 11) == store.Change(store.Action.ADD, 1)
        assert points(token) == []
        assert store.undo(token, 12) is None
        stored = store.load_list(token)
        assert stored is not None and stored.revision == 12 and stored.last_change is None


def test_a_change_on_an_old_revision_is_refused_and_writes_nothing(app: Flask) -> None:
    with app.app_context():
        token = store.create_list(title="", players=["A", "B", "C"], rules=[])
        store.add_hand(token, 0, hand(61))
        for change in (
            lambda: store.add_hand(token, 0, hand(62)),
            lambda: store.edit_hand(token, 0, 1, hand(62)),
            lambda: store.delete_hand(token, 0, 1),
            lambda: store.undo(token, 0),
        ):
            with pytest.raises(store.Stale):
                change()
        assert points(token) == ["61"]
        stored = store.load_list(token)
        assert stored is not None and stored.revision == 1
        with pytest.raises(store.NoSuchHand):
            store.edit_hand(token, 1, 2, hand(62))
        with pytest.raises(LookupError):
            store.add_hand("no-such-token", 0, hand(62))
        stored = store.load_list(token)
        assert stored is not None and stored.revision == 1


def test_undo_works_from_another_process(make_app: MakeApp) -> None:
    """Two apps on one database stand for two processes: nothing lives in either."""
    first, second = make_app(), make_app(tables=False)
    with first.app_context():
        token = store.create_list(title="", players=["A", "B", "C"], rules=[])
        store.add_hand(token, 0, hand(61))
        store.add_hand(token, 1, hand(62))
    with second.app_context():
        assert store.undo(token, 2) == store.Change(store.Action.ADD, 2)
    with first.app_context():
        assert points(token) == ["61"]


def test_summaries_of_the_lists_a_browser_knows(app: Flask) -> None:
    with app.app_context():
        older = store.create_list(title="Tuesday", players=["A", "B", "C"], rules=[])
        newer = store.create_list(title="Friday", players=["D", "E", "F", "G"], rules=[])
        store.add_hand(newer, 0, hand(61))
        found = store.summaries([older, newer, "gone", ""])
        assert [(s.token, s.title, s.hands) for s in found] == [(newer, "Friday", 1), (older, "Tuesday", 0)]
        assert store.summaries([]) == []


def test_the_migration_goes_down_and_up_again(make_app: MakeApp) -> None:
    with make_app(tables=False).app_context():
        upgrade()
        downgrade(revision="0001_base")
        upgrade()
        token = store.create_list(title="", players=["A", "B", "C"], rules=[])
        assert store.load_list(token) is not None


def test_a_list_opens_to_read_by_its_view_token_which_changes_nothing(app: Flask) -> None:
    with app.app_context():
        token = store.create_list(title="Friday", players=["A", "B", "C"], rules=[])
        store.add_hand(token, 0, hand(61))
        kept = store.load_list(token)
        assert kept is not None and kept.editable and kept.token == token
        read = store.load_list(kept.view_token)
        assert read is not None and not read.editable
        assert read.token == read.view_token == kept.view_token != token
        assert token not in repr(read)  # the list opened to read never carries its token
        assert (read.title, read.hands, read.revision, read.last_change) == \
            (kept.title, kept.hands, kept.revision, kept.last_change)
        for change in (lambda: store.add_hand(read.token, 1, hand(62)),
                       lambda: store.edit_hand(read.token, 1, 1, hand(62)),
                       lambda: store.delete_hand(read.token, 1, 1),
                       lambda: store.undo(read.token, 1)):
            with pytest.raises(LookupError):
                change()
        assert points(token) == ["61"] and store.summaries([read.token]) == []


def test_the_migration_gives_every_existing_list_a_view_token(make_app: MakeApp) -> None:
    from sqlalchemy import text

    from webapp.storage import db

    old = (store.new_token(), store.new_token())
    with make_app(tables=False).app_context():
        upgrade(revision="practice_0001")
        with db.engine.begin() as connection:
            for token in old:
                connection.execute(text(
                    "INSERT INTO scoresheet_lists (token, title, players, rules, revision, created, updated) "
                    "VALUES (:token, '', '[\"A\", \"B\", \"C\"]', '[]', 0, '2026-11-30', '2026-11-30')"
                ), {"token": token})
        upgrade()
        one, two = store.load_list(old[0]), store.load_list(old[1])
        assert one is not None and two is not None
        assert len(one.view_token) >= 22 and one.view_token != two.view_token
        read = store.load_list(one.view_token)
        assert read is not None and not read.editable and read.players == ("A", "B", "C")
        db.session.rollback()  # the reads' transaction would hold the table the downgrade alters
        downgrade(revision="practice_0001")
        upgrade()
