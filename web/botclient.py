"""The page's side of the bot worker (web/static/bot-worker.js running web/worker/main.py).

Decisions are asked of the worker so that a bot's thinking never freezes the page. Until
the worker has started the page makes the quick (easy, medium) decisions itself and waits for
it for the hard ones; if it cannot start (or stops answering), the
same decision is computed on the main thread, so the game never hangs. The worker is started
once the page is ready (App.start), not beside the page's own start, which it would slow.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js
from pyscript.ffi import create_proxy

from web.dom import console_warn, obj
from web.worker.messages import coach_request, decision_request, par_request, review_request

START_TIMEOUT = 45.0  # seconds to wait for the worker's Pyodide to start
ANSWER_TIMEOUT = 60.0  # seconds to wait for one decision
QUICK_LEVELS = ("easy", "medium")  # decisions short enough for the main thread (make bench)
PAR_STEP_MS = 80  # the worker's time per par request: a decision asked meanwhile waits no longer


class BotClient:
    def __init__(self, url: str = "assets/bot-worker.js") -> None:
        self.url = url
        self.state = "idle"  # idle, starting, ready, failed
        self.failure = ""
        self.started_ms = 0.0
        self.ready_ms = 0.0
        self._worker: Any = None
        self._ready: asyncio.Future[bool] | None = None
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._next_id = 0
        self._handlers: list[Any] = []
        self.on_fallback: Any = None  # called once when decisions move to the main thread

    def start(self) -> None:
        if self.state != "idle":
            return
        loop = asyncio.get_event_loop()
        self._ready = loop.create_future()
        self.state = "starting"
        self.started_ms = float(js.performance.now())
        try:
            self._worker = js.Worker.new(self.url, obj({"type": "module", "name": "bela-bots"}))
        except Exception as e:  # a browser without module workers
            self._fail(f"cannot start the worker: {e}")
            return
        on_message = create_proxy(self._on_message)
        on_error = create_proxy(self._on_error)
        self._handlers += [on_message, on_error]
        self._worker.addEventListener("message", on_message)
        self._worker.addEventListener("error", on_error)

    def _fail(self, why: str) -> None:
        if self.state == "failed":
            return
        self.state = "failed"
        self.failure = why
        console_warn("Bela: the computer players run on the main thread:", why)
        if self._ready is not None and not self._ready.done():
            self._ready.set_result(False)
        for fut in self._pending.values():
            if not fut.done():
                fut.set_result({"error": why})
        self._pending.clear()
        if self._worker is not None:
            self._worker.terminate()
        if self.on_fallback is not None:
            self.on_fallback()

    def _on_message(self, event: Any) -> None:
        raw = event.data
        if isinstance(raw, str):
            data: dict[str, Any] = json.loads(raw)
        else:
            data = raw.to_py()
        if data.get("ready"):
            self.state = "ready"
            self.ready_ms = float(js.performance.now())
            js.performance.mark("bela:bots-ready")
            js.globalThis.belaBotsStart = raw  # how it started, for the benchmarks
            if self._ready is not None and not self._ready.done():
                self._ready.set_result(True)
            return
        if "failed" in data:
            self._fail(str(data["failed"]))
            return
        fut = self._pending.pop(int(data.get("id", -1)), None)
        if fut is not None and not fut.done():
            fut.set_result(data)

    def _on_error(self, event: Any) -> None:
        event.preventDefault()
        self._fail(f"worker error: {getattr(event, 'message', '') or 'unknown'}")

    async def decide(self, record: str, seat: str, level: str, seed: int) -> str:
        """The bot's action (protocol text) for ``seat`` in the recorded position."""
        reply = await self.ask(record, seat, level, seed)
        if "action" not in reply:
            raise RuntimeError(f"no decision for {seat}: {reply.get('error')}")
        return str(reply["action"])

    async def ask(self, record: str, seat: str, level: str, seed: int) -> dict[str, Any]:
        """The worker's whole reply for ``seat`` in the recorded position: the action and the
        rest of the decision (web/worker/main.py), or ``{"error": ...}`` from the main thread's
        fallback."""
        request = decision_request(record, seat, level, seed)
        if self.state == "idle":
            self.start()
        if self.state == "starting" and level in QUICK_LEVELS:
            # rather than wait for the worker's start, the page makes a quick decision itself:
            # restored from the snapshot it holds the bots already; on a first visit it imports
            # them (shipped compiled: scripts/build/shipped.py's WORKER), where the worker's own boot
            # took seconds
            return await self._here(request)
        if self.state == "starting" and self._ready is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._ready), START_TIMEOUT)
            except TimeoutError:
                self._fail("the worker did not start in time")
        if self.state == "ready":
            reply = await self._send(request)
            if "action" in reply:
                return reply
            console_warn("Bela: the worker could not decide:", reply.get("error"))
        # the main thread decides (slower pages, but the game goes on)
        return await self._here(request)

    async def _here(self, request: dict[str, Any]) -> dict[str, Any]:
        """The request answered on the main thread, as the worker would."""
        from web.worker import main as local_worker  # imported only when needed: the bots are heavy

        await asyncio.sleep(0)
        answer: dict[str, Any] = json.loads(local_worker.handle(json.dumps({**request, "id": 0})))
        return answer

    async def review(self, record: str, number: int, part: str) -> dict[str, Any]:
        """One part of a finished hand's review (web/worker/review.py), from the worker; on the main
        thread only if the worker cannot start."""
        request = review_request(record, number, part)
        reply = await self._post(request)
        return reply if reply is not None else await self._here(request)

    async def coach(self, record: str) -> dict[str, Any] | None:
        """The player's cards priced by what their seat knows (web/worker/coach.py), from the worker
        only: never on the main thread, which it would block (None without a worker)."""
        return await self._post(coach_request(record))

    # -- par of a deal (bela/daily.py), in steps between the players' decisions -----------------

    async def par(self, seed: int, number: int) -> tuple[int, int]:
        """Par (NS, EW) of deal ``number`` of ``seed``: the worker plays it a step per request;
        without a worker the main thread does, yielding between decisions."""
        request = par_request(seed, number, PAR_STEP_MS)
        while True:
            reply = await self._post(request)
            if reply is None:
                break
            if "error" in reply:
                raise RuntimeError(f"no par: {reply['error']}")
            if reply.get("done"):
                return int(reply["NS"]), int(reply["EW"])
        while True:
            await asyncio.sleep(0.02)
            local = await self._here({**request, "budget_ms": 0})
            if "error" in local:
                raise RuntimeError(f"no par: {local['error']}")
            if local.get("done"):
                return int(local["NS"]), int(local["EW"])

    async def _post(self, payload: dict[str, Any]) -> dict[str, Any] | None:
        """The worker's reply to ``payload``, or None when there is no worker to ask."""
        if self.state == "idle":
            self.start()
        if self.state == "starting" and self._ready is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._ready), START_TIMEOUT)
            except TimeoutError:
                self._fail("the worker did not start in time")
        if self.state != "ready":
            return None
        reply = await self._send(payload)
        return None if self.state == "failed" else reply

    async def _send(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Post ``payload`` to the started worker and wait for its reply (an error reply if it
        stops answering: then the worker is given up and the main thread answers from now on)."""
        self._next_id += 1
        ident = self._next_id
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_event_loop().create_future()
        self._pending[ident] = fut
        self._worker.postMessage(json.dumps({**payload, "id": ident}))
        try:
            return await asyncio.wait_for(fut, ANSWER_TIMEOUT)
        except TimeoutError:
            self._pending.pop(ident, None)
            self._fail("the worker stopped answering")
            return {"error": "timeout"}
