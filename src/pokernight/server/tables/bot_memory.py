"""What a club's bots remember of its members, from one night to the next (decision 35).

At a table the bots share one opponent model, keyed by the players' ids there. The
members among those players are looked up once; what the club's bots learned of them
at earlier tables (``opponent_models``) is added to the model, and after each hand what
it now knows of them is stored again. Guests and other bots are counted for the night
only. Loading and saving run beside the table (the driver does not wait for them): a
bot that decides before a member's past has come uses what it has, as it did before.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Iterable
from typing import Any

from pokernight.bots.stats import OpponentModel, PlayerStats
from pokernight.server.tables.storage import TableStorage
from pokernight.store import StoreError

log = logging.getLogger(__name__)


class BotMemory:
    def __init__(self, store: TableStorage, club_id: int | None) -> None:
        self.store = store
        self.club_id = club_id
        self.members: dict[str, int] = {}  # player id -> member id, for the members seen
        self._asked: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._saving = asyncio.Lock()  # one save at a time: a later hand's counts land last

    def recall(self, player_ids: Iterable[str], model: OpponentModel) -> None:
        """In the background: add to ``model`` what the club knew of these players."""
        new = [p for p in player_ids if p not in self._asked and p.isdigit()]
        if self.club_id is None or not new:
            return
        self._asked.update(new)
        self._run(self._recall(new, model))

    def keep(self, player_ids: Iterable[str], model: OpponentModel) -> None:
        """In the background: store what ``model`` knows of the members among the players."""
        if self.club_id is None:
            return
        known = {self.members[p]: model[p].to_dict() for p in player_ids if p in self.members}
        if known:
            self._run(self._save(known))

    async def settle(self) -> None:
        """Wait for the loads and saves under way (a test, or a table stopping)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _recall(self, player_ids: list[str], model: OpponentModel) -> None:
        assert self.club_id is not None
        found: dict[str, int] = {}
        for player_id in player_ids:
            player = await self.store.tables.player(int(player_id))
            member = None if player is None or player.member_id is None else player.member_id
            record = None if member is None else await self.store.club.member(member)
            if record is not None:  # followed to whoever absorbed them, if merged
                found[player_id] = record.id
        stored = await self.store.club.opponent_models(self.club_id, list(found.values()))
        for player_id, member_id in found.items():
            self.members[player_id] = member_id
            if member_id in stored:
                model.remember(player_id, PlayerStats.from_dict(stored[member_id]))

    async def _save(self, stats: dict[int, dict[str, int]]) -> None:
        assert self.club_id is not None
        async with self._saving:
            await self.store.club.save_opponent_models(self.club_id, stats)

    def _run(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(self._logged(work))
        self._tasks.add(task)  # kept, so the task is not collected mid-flight
        task.add_done_callback(self._tasks.discard)

    async def _logged(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except StoreError as error:
            log.warning("the bots' memory of the club could not be read or kept: %s", error)
        except Exception:
            # Statistics, not money: logged, and the table plays on.
            log.exception("the bots' memory of the club failed")
