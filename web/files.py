"""Files the player saves or opens: the match exported as a bela-record (a download), the
statistics (with the rating and its history) as they are kept, and a record read from a chosen
file (too large, or refused by the engine, it says why)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

import js

from bela.match import Match
from bela.record import RecordError, dumps, loads
from web.dom import console_warn, el, obj
from web.i18n import Msg
from web.stats import Stats
from web.storage import wrap

MAX_IMPORT_BYTES = 1_000_000


async def download(match: Match) -> None:
    """Save ``match`` as ``bela-YYYYMMDD-HHMM.json``."""
    await save_json(dumps(match), "bela")


async def download_stats(stats: Stats) -> None:
    """Save the statistics as ``bela-stats-YYYYMMDD-HHMM.json``, in the form they are kept in
    (web/storage.py's envelope), the rating and the charts' history with them."""
    await save_json(wrap("stats", stats.to_json()), "bela-stats")


async def save_json(text: str, stem: str) -> None:
    """Download ``text`` as ``STEM-YYYYMMDD-HHMM.json`` (the link's address is freed after 5 s)."""
    blob = js.Blob.new(obj([text]), obj({"type": "application/json"}))
    url = js.URL.createObjectURL(blob)
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    link = el("a", {"href": url, "download": f"{stem}-{stamp}.json"})
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    await asyncio.sleep(5)
    js.URL.revokeObjectURL(url)


async def read_record(file: Any, lang: str) -> Match | Msg:
    """The match in ``file``, or the notice saying why it was refused. The engine says why in
    English, one line for a player: shown as it is on an English page; elsewhere the catalog's
    reason, and the console has the engine's."""
    if int(file.size) > MAX_IMPORT_BYTES:
        return Msg("notice.import_refused", (("reason", Msg("import.too_large")),))
    text = str(await file.text())
    try:
        return loads(text)
    except RecordError as e:
        console_warn("Bela: record refused:", e)
        reason = str(e) if lang == "en" else Msg("import.invalid")
        return Msg("notice.import_refused", (("reason", reason),))
