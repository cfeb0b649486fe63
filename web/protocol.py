"""Actions as short strings, for the messages between the page and the bot worker: the
project's one action text, :func:`bela.actions.action_text` (the bots' tests pin decisions in
it too), under the names the page uses."""

from __future__ import annotations

from bela.actions import ActionTextError as ProtocolError
from bela.actions import action_text, parse_action

__all__ = ["ProtocolError", "action_text", "parse_action"]
