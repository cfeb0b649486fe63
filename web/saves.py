"""Loading and saving the page's state through a key-value store (localStorage in the page,
a dict in tests): the settings, the statistics and the match in progress. Plain Python.

A stored value this page cannot read is kept under ``<key>.unreadable`` before a fresh one
replaces it (a save from a newer version, or one a fix could still recover, is not lost), and
the player is told with a notice.

>>> store = MemoryStore({SETTINGS_KEY: "not json"})
>>> saves = Saves(store)
>>> saves.load_settings()
Settings(...)
>>> [n.key for n in saves.notes], store.get(SETTINGS_KEY + UNREADABLE)
(['notice.settings_reset'], 'not json')
"""

from __future__ import annotations

import random
from typing import Protocol

from bela.rules import HouseRules
from web.daily.view import HARD_LEVELS, Duplicate
from web.i18n import Msg
from web.params import MAX_SEED, Params
from web.session import BOT_SEATS, Session
from web.settings import RULE_KEYS, Settings, parse_levels
from web.stats import Stats
from web.storage import (
    CHALLENGE_KEY,
    DAILY_KEY,
    DEAL_KEY,
    MATCH_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    SaveError,
    unwrap,
    wrap,
)

UNREADABLE = ".unreadable"  # suffix of the key that keeps a stored value this page could not read


class Store(Protocol):
    """Strings under keys; ``set`` says False when the store refuses (full, or forbidden)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> bool: ...

    def remove(self, key: str) -> None: ...


class MemoryStore:
    """A store in a dict (tests, and a browser that refuses localStorage altogether)."""

    def __init__(self, values: dict[str, str] | None = None) -> None:
        self.values = dict(values or {})

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def set(self, key: str, value: str) -> bool:
        self.values[key] = value
        return True

    def remove(self, key: str) -> None:
        self.values.pop(key, None)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, MAX_SEED)


def new_session(settings: Settings, params: Params) -> Session:
    """A new match by the settings, with what this visit's address overrides."""
    rules_json = {k: getattr(settings, k) for k in RULE_KEYS}
    if params.target is not None:
        rules_json["target"] = params.target
    levels = parse_levels(params.bots) or settings.levels()
    seed = params.seed if params.seed is not None else new_seed()
    return Session.new(HouseRules.from_json(rules_json), seed, levels)


def match_key(duplicate: Duplicate | None) -> str:
    if duplicate is None:
        return MATCH_KEY
    return {"daily": DAILY_KEY, "challenge": CHALLENGE_KEY}.get(duplicate.kind, DEAL_KEY)


def new_duplicate(wanted: Duplicate, stats: Stats) -> Session:
    """A new session of ``wanted``: hard computer players, the default house rules; a day
    already counted is practice.

    >>> s = new_duplicate(Duplicate.daily("2026-12-01"), Stats().add_daily("2026-12-01", 3))
    >>> s.duplicate.practice, sorted(set(s.levels.values())), s.match.rules.target
    (True, ['hard'], 1001)
    """
    dup = Duplicate(wanted.kind, wanted.seed, wanted.numbers, wanted.date, challenge=wanted.challenge)
    dup.practice = wanted.practice or (dup.kind == "daily" and any(d == dup.date for d, _ in stats.daily))
    levels = dict(zip(BOT_SEATS, HARD_LEVELS, strict=True))
    if dup.challenge is not None:  # the challenger's computer players
        levels = dup.challenge.level_of()
    return Session(dup.new_match(), levels, duplicate=dup)


class Saves:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.notes: list[Msg] = []  # notices found while loading, drawn once the page starts
        self.warnings: list[str] = []  # for the console: why a save could not be read

    def _set_aside(self, key: str, raw: str) -> None:
        self.store.set(key + UNREADABLE, raw)

    def load_settings(self) -> Settings:
        raw = self.store.get(SETTINGS_KEY)
        if raw is None:
            return Settings()
        try:
            return Settings.from_json(unwrap(raw, "settings"))
        except SaveError:
            self._set_aside(SETTINGS_KEY, raw)
            self.notes.append(Msg("notice.settings_reset"))
            return Settings()

    def load_stats(self) -> Stats:
        raw = self.store.get(STATS_KEY)
        if raw is None:
            return Stats()
        try:
            return Stats.from_json(unwrap(raw, "stats"))
        except (SaveError, ValueError):
            self._set_aside(STATS_KEY, raw)
            self.notes.append(Msg("notice.stats_reset"))
            return Stats()

    def load_session(self, settings: Settings, params: Params) -> Session:
        """The saved match, unless this visit asks for a fresh one or another seed."""
        if params.fresh:
            self.store.remove(MATCH_KEY)
        raw = self.store.get(MATCH_KEY)
        session: Session | None = None
        if raw is not None:
            try:
                session = Session.from_save(unwrap(raw, "match"))
            except SaveError as e:
                self.notes.append(Msg(f"notice.save_{e.kind}"))
                self._set_aside(MATCH_KEY, raw)
                self.store.remove(MATCH_KEY)
            except Exception as e:  # anything else unreadable is corrupt too
                self.warnings.append(f"saved match unreadable: {e!r}")
                self.notes.append(Msg("notice.save_corrupt"))
                self._set_aside(MATCH_KEY, raw)
                self.store.remove(MATCH_KEY)
        if session is not None and params.seed is not None and session.match.seed != params.seed:
            session = None  # this visit asks for another match
        return session or new_session(settings, params)

    def save(self, session: Session, stats: Stats) -> bool:
        """The match (today's deals and a shared deal each under their own key) and the
        statistics; False if the store refused either."""
        key = session.save_key() or match_key(session.duplicate)
        ok = self.store.set(key, wrap("match", session.to_save()))
        return self.store.set(STATS_KEY, wrap("stats", stats.to_json())) and ok

    def load_duplicate(self, wanted: Duplicate, stats: Stats) -> Session:
        """The saved duplicate match if it is ``wanted`` (the same day, or the same shared deal),
        else a new one: a day already played for the record is replayed as practice."""
        key = match_key(wanted)
        raw = self.store.get(key)
        if raw is not None:
            try:
                session = Session.from_save(unwrap(raw, "match"))
                found = session.duplicate
                if found is not None and (found.kind, found.seed, found.numbers, found.challenge) == (
                    wanted.kind,
                    wanted.seed,
                    wanted.numbers,
                    wanted.challenge,
                ):
                    return session
            except SaveError as e:
                self.warnings.append(f"saved deals unreadable: {e}")
                self._set_aside(key, raw)
        return new_duplicate(wanted, stats)

    def save_settings(self, settings: Settings) -> None:
        self.store.set(SETTINGS_KEY, wrap("settings", settings.to_json()))
