"""Stand-ins for the browser in the CPython tests of the page's glue: storage and screen."""

from __future__ import annotations

from collections.abc import Mapping


class FakeStorage(dict[str, str]):
    def getItem(self, key: str) -> str | None:  # noqa: N802 (the Web Storage API)
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.pop(key, None)


class FakeScreen:
    def __init__(self) -> None:
        self.regions: dict[str, str] = {}
        self.draws = 0

    def show(self, regions: Mapping[str, str], classes: str, lang: str) -> None:
        self.regions = dict(regions)
        self.draws += 1
