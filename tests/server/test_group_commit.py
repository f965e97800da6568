"""Group commits: a batch of many matches' commits stores each match's own fields (the update
statements are shared by matches that change the same columns), the same match twice in a batch
keeps its commits' order, and the writer groups what arrives while a transaction is in flight
without letting one match's conflict fail the others."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from boardwright.server.commits import GroupCommit
from boardwright.server.store import ActionRow, Commit, SeqConflict, Store

from .conftest import run_coroutine
from .test_postgres import match_row


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = (f"sqlite:///{tmp_path / 'g.db'}" if request.param == "sqlite"
           else request.getfixturevalue("pg_url"))
    s = Store(url)
    for name in ("a", "b", "c", "d"):
        s.create_match(match_row(name))
    yield s
    s.close()


def test_a_batch_stores_each_matchs_own_fields(store: Store) -> None:
    deadline = datetime(2026, 5, 6, 7, 8, 9, tzinfo=UTC)
    store.commit_many([
        Commit("a", [ActionRow(1, 0, "fig 4 B2")], {"to_move": 1}),
        Commit("b", [ActionRow(1, 1, "pass"), ActionRow(2, -1, "deal +3/II")], {"to_move": 0}),
        Commit("c", [ActionRow(1, 0, "cash")], {"status": "finished", "returns": [2.0, 1.0],
                                                "winners": [0], "to_move": None}),
        Commit("d", match_fields={"deadline": deadline, "to_move": 1}),
    ])
    rows = {name: store.load_match(name) for name in "abcd"}
    got = {name: (r.seq, r.to_move, r.status, r.returns, r.winners, r.deadline)
           for name, r in rows.items() if r is not None}
    assert got == {
        "a": (1, 1, "active", None, None, None),
        "b": (2, 0, "active", None, None, None),
        "c": (1, None, "finished", [2.0, 1.0], [0], None),
        "d": (0, 1, "active", None, None, deadline),
    }
    assert [a.seq for a in store.load_actions("b")] == [1, 2]


def test_the_same_match_twice_in_a_batch_keeps_the_order(store: Store) -> None:
    store.commit_many([
        Commit("a", [ActionRow(1, 0, "fig 4 B2")], {"to_move": 1}),
        Commit("b", [ActionRow(1, 0, "pass")], {"to_move": 1}),
        Commit("a", [ActionRow(2, 1, "pass")], {"to_move": 0}),
    ])
    a, b = store.load_match("a"), store.load_match("b")
    assert a is not None and b is not None
    assert (a.seq, a.to_move, b.seq, b.to_move) == (2, 0, 1, 1)


def test_commits_arriving_together_share_a_transaction(store: Store) -> None:
    batches: list[list[str]] = []
    commit_many = store.commit_many

    def counted(commits: Any) -> None:
        batches.append([c.match_id for c in commits])
        commit_many(commits)

    store.commit_many = counted  # type: ignore[method-assign]

    async def scenario() -> list[BaseException | None]:
        writer = GroupCommit(store, here=False)
        try:
            return await asyncio.gather(*[
                writer.commit(Commit(name, [ActionRow(1, 0, "pass")], {"to_move": 1}))
                for name in "abcd"], return_exceptions=True)
        finally:
            writer.close()

    assert run_coroutine(scenario()) == [None] * 4
    # the first goes alone (nothing was in flight), the three that came meanwhile together
    assert batches == [["a"], ["b", "c", "d"]]
    assert [store.load_match(name).seq for name in "abcd"] == [1, 1, 1, 1]  # type: ignore[union-attr]


def test_a_conflict_in_a_batch_fails_only_its_own_commit(store: Store) -> None:
    store.commit_many([Commit("b", [ActionRow(1, 0, "pass")])])  # b's seq 1 is taken

    async def scenario() -> list[BaseException | None]:
        writer = GroupCommit(store, here=False)
        try:
            first = asyncio.ensure_future(writer.commit(Commit("d", match_fields={"to_move": 0})))
            await asyncio.sleep(0)  # in flight: the next three are grouped behind it
            rest = [writer.commit(Commit(name, [ActionRow(1, 1, "fig 4 B2")], {"to_move": 0}))
                    for name in "abc"]
            return await asyncio.gather(first, *rest, return_exceptions=True)
        finally:
            writer.close()

    outcome = run_coroutine(scenario())
    assert outcome[0] is None and outcome[1] is None and outcome[3] is None
    assert isinstance(outcome[2], SeqConflict)
    assert [a.action for a in store.load_actions("b")] == ["pass"]
    assert [a.action for a in store.load_actions("c")] == ["fig 4 B2"]


def test_sqlite_commits_on_the_loops_thread_and_a_refused_one_goes_to_the_writer(
        tmp_path: Path) -> None:
    """SQLite (one process's file): a commit while nothing is in flight is written at once on
    the event loop's thread, no writer thread involved; one the database refuses is rolled
    back there and retried by the writer, whose error its waiter hears. Every
    `CHECKPOINT_EVERY` commits a checkpoint runs in the writer's thread."""
    store = Store(f"sqlite:///{tmp_path / 'here.db'}")
    for name in "ab":
        store.create_match(match_row(name))
    store.commit_many([Commit("b", [ActionRow(1, 0, "pass")])])  # b's seq 1 is taken
    handed: list[str] = []

    async def scenario() -> BaseException | None:
        writer = GroupCommit(store)
        assert writer.here
        writer.CHECKPOINT_EVERY = 2
        submit = writer._thread.submit

        def counted(fn: Any, *args: Any) -> Any:
            handed.append(fn.__name__)
            return submit(fn, *args)

        writer._thread.submit = counted  # type: ignore[method-assign]
        try:
            await writer.commit(Commit("a", [ActionRow(1, 0, "fig 4 B2")], {"to_move": 1}))
            await writer.commit(Commit("a", [ActionRow(2, 1, "pass")], {"to_move": 0}))
            try:
                await writer.commit(Commit("b", [ActionRow(1, 1, "fig 4 B2")], {"to_move": 0}))
            except SeqConflict as exc:
                return exc
            return None
        finally:
            writer.close()

    try:
        assert isinstance(run_coroutine(scenario()), SeqConflict)
        assert handed == ["_checkpoint", "_write"]   # the two commits of a went on the loop
        a = store.load_match("a")
        assert a is not None and (a.seq, a.to_move) == (2, 0)
        assert [x.action for x in store.load_actions("b")] == ["pass"]
        assert GroupCommit(store, here=False).here is False
    finally:
        store.close()


def test_a_commit_awaited_after_the_writer_closed_fails_plainly(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'closed.db'}")
    store.create_match(match_row("a"))

    async def scenario() -> None:
        writer = GroupCommit(store)
        writer.close()
        await writer.commit(Commit("a", match_fields={"to_move": 1}))

    try:
        with pytest.raises(RuntimeError):
            run_coroutine(asyncio.wait_for(scenario(), timeout=10))
    finally:
        store.close()
