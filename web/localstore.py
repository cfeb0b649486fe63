"""The browser's localStorage as a store (web/saves.py), tolerant of a browser that refuses it."""

from __future__ import annotations

import js

from web.dom import nn


class LocalStore:
    def get(self, key: str) -> str | None:
        try:
            value = nn(js.localStorage.getItem(key))
        except Exception:
            return None
        return None if value is None else str(value)

    def set(self, key: str, value: str) -> bool:
        try:
            js.localStorage.setItem(key, value)
        except Exception:
            return False
        return True

    def remove(self, key: str) -> None:
        try:
            js.localStorage.removeItem(key)
        except Exception:
            return
