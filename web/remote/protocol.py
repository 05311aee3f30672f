"""Play with friends: the messages between the host's page and a friend's page.

Everything from the other end is hostile (docs/friends.md, "trust"): each text is
bounded before it is parsed (``MAX_FRIEND_TEXT`` from a friend, ``MAX_HOST_TEXT``
from the host, the depth by ``tractor.jsonscan``), strict JSON (``strict_error``),
then typed into one of the dataclasses below or refused with ``ProtocolError``
(a short code). A friend's name is the only text of theirs the host ever shows:
``clean_name`` bounds it and drops control and direction characters; the markup
builder escapes it. Quick phrases are keys of a fixed list (``PHRASES``), never text.

Friend → host (at most ``MAX_FRIEND_TEXT`` characters)::

    {"t": "act", "a": {action's to_json}}    an action of the friend's seat
    {"t": "hint"}                            ask the host's helper for a move
    {"t": "auto", "on": true}                托管 on or off
    {"t": "say", "k": "thanks"}              a quick phrase

Host → friend (at most ``MAX_HOST_TEXT`` characters)::

    {"t": "view", "v": {seat's view}, "auto": false, "names": ["", "Ann", "", ""]}
    {"t": "hint", "a": {action's to_json} | null}
    {"t": "no", "k": "not_your_turn"}        a refusal (nothing changed)
    {"t": "say", "s": 2, "k": "thanks"}      seat 2 said a quick phrase

The view is the engine's wire form (``View.to_data``) without its derived keys
(``CORE_KEYS``): the friend's page rebuilds them from the checked view
(``remote.viewcheck``), which keeps the message small (the link refuses text
frames over 8 KB).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from text.phrases import PHRASES
from tractor.actions import Action, ActionError, action_from_json, check_seat
from tractor.jsondata import DataError, parse_json
from tractor.jsonscan import strict_error
from tractor.scenario_read import DIRECTION_MARKS

MAX_FRIEND_TEXT = 2000
"""A friend's message is refused unread above this many characters."""
MAX_HOST_TEXT = 8000
"""The host's message (a view is about 6 000 characters for three decks) is refused above."""
MAX_DEPTH = 8
"""A view nests seven levels deep (a finished trick's play's cards in the view message)."""
MAX_NAME = 16
"""A name's characters, after cleaning."""
MAX_INFO_TEXT = 300
"""An invite's or a reply's info (the names, the seat, the language)."""
LANGS = ("zh", "zh_Hant", "en")
REFUSALS = ("not_your_turn", "illegal", "bad_message", "too_fast")
"""Why the host refused a friend's message (``friend_refused_<key>`` in the catalogs)."""
REMOTE_SEATS = (1, 2, 3)
ICE_DEFAULT = ('[{"urls":["stun:stun.miwifi.com:3478","stun:stun.qq.com:3478",'
               '"stun:stun.l.google.com:19302"]}]')
"""Public STUN servers reachable from China and elsewhere (docs/friends.md)."""
NO_SERVERS = ("none", "无", "無")
"""Typed as the connection servers: none at all (the same Wi-Fi only)."""


def ice_servers(text: str) -> str | None:
    """The connection servers typed by the host (one a line or comma: ``stun:host:port``,
    or ``turn:host:port user credential``), as the transport's JSON; "" the defaults,
    ``none`` none; None if a line is not a STUN or TURN address."""
    text = text.strip()
    if not text:
        return ICE_DEFAULT
    if text.lower() in NO_SERVERS:
        return "[]"
    servers: list[dict[str, str]] = []
    for line in text.replace(",", "\n").splitlines()[:8]:
        words = line.split()
        if not words:
            continue
        url = words[0]
        if not url.startswith(("stun:", "turn:", "turns:")) or len(words) not in (1, 3):
            return None
        if any(ord(ch) < 0x21 or ch in "\"<>\\" for ch in url) or len(url) > 200:
            return None
        server = {"urls": url}
        if len(words) == 3:
            server["username"], server["credential"] = words[1][:200], words[2][:200]
        servers.append(server)
    return _dumps(servers)


CORE_KEYS = (
    "seat", "rules", "phase", "to_move", "hand_no", "levels", "dealer", "level", "trump",
    "hand", "hand_sizes", "dealt", "declaration", "declarations", "kitty", "kitty_taken",
    "friend_card", "friend", "defenders", "leader", "trick", "played", "captured", "penalty",
    "tricks_played", "last_trick", "throw_failure", "hand_result", "winners", "tricks",
    "friend_trick", "my_bury",
)
"""The keys of the wire view that ``View.from_data`` reads (the others are derived)."""


class ProtocolError(ValueError):
    """A message refused: ``code`` is one of ``REFUSALS`` or ``too_large``/``bad_json``."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


# ------------------------------------------------------------------ the messages


@dataclass(frozen=True)
class Act:
    action: Action


@dataclass(frozen=True)
class AskHint:
    pass


@dataclass(frozen=True)
class Autoplay:
    on: bool


@dataclass(frozen=True)
class Say:
    key: str
    seat: int = 0  # host → friend only: who said it


@dataclass(frozen=True)
class ViewMsg:
    view: dict[str, Any]  # unchecked: remote.viewcheck checks it
    autoplay: bool
    names: tuple[str, ...]


@dataclass(frozen=True)
class Hint:
    action: Action | None


@dataclass(frozen=True)
class Refused:
    key: str


FriendMsg = Act | AskHint | Autoplay | Say
HostMsg = ViewMsg | Hint | Refused | Say


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_json(text: object, max_chars: int) -> dict[str, Any]:
    """A JSON object from hostile ``text``: bounded, strict, else ``ProtocolError``."""
    if not isinstance(text, str) or len(text) > max_chars:
        raise ProtocolError("too_large")
    try:
        parse_json(text, max_chars=max_chars, max_depth=MAX_DEPTH)  # bounded, then parsed
        if strict_error(text) >= 0:
            raise ProtocolError("bad_json")
        data = json.loads(text, object_pairs_hook=_once)
    except (DataError, ValueError):
        raise ProtocolError("bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json")
    return data


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are each there once (else ``ValueError``)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a key twice")
    return data


def _keys(data: dict[str, Any], *names: str) -> None:
    if set(data) != {"t", *names}:
        raise ProtocolError("bad_message")


def _phrase(value: object) -> str:
    if not isinstance(value, str) or value not in PHRASES:
        raise ProtocolError("bad_message")
    return value


def _action(value: object) -> Action:
    try:
        return action_from_json(value)
    except ValueError:  # ActionError, CardError
        raise ProtocolError("bad_message") from None


# ------------------------------------------------------------------ friend → host


def encode_friend(message: FriendMsg) -> str:
    if isinstance(message, Act):
        return _dumps({"t": "act", "a": message.action.to_json()})
    if isinstance(message, AskHint):
        return _dumps({"t": "hint"})
    if isinstance(message, Autoplay):
        return _dumps({"t": "auto", "on": message.on})
    return _dumps({"t": "say", "k": message.key})


def parse_friend(text: object) -> FriendMsg:
    """A friend's message (bounded before parsing), typed; else ``ProtocolError``."""
    data = read_json(text, MAX_FRIEND_TEXT)
    kind = data.get("t")
    if kind == "act":
        _keys(data, "a")
        return Act(_action(data["a"]))
    if kind == "hint":
        _keys(data)
        return AskHint()
    if kind == "auto":
        _keys(data, "on")
        if not isinstance(data["on"], bool):
            raise ProtocolError("bad_message")
        return Autoplay(data["on"])
    if kind == "say":
        _keys(data, "k")
        return Say(_phrase(data["k"]))
    raise ProtocolError("bad_message")


# ------------------------------------------------------------------ host → friend


def encode_view(view: object, autoplay: bool, names: tuple[str, ...]) -> str:
    """The host's view message: the wire view's core keys (``CORE_KEYS``)."""
    assert isinstance(view, dict)
    core = {key: view[key] for key in CORE_KEYS}
    return _dumps({"t": "view", "v": core, "auto": autoplay, "names": list(names)})


def encode_host(message: Hint | Refused | Say) -> str:
    if isinstance(message, Hint):
        return _dumps({"t": "hint", "a": None if message.action is None
                       else message.action.to_json()})
    if isinstance(message, Refused):
        return _dumps({"t": "no", "k": message.key})
    return _dumps({"t": "say", "s": message.seat, "k": message.key})


def parse_host(text: object) -> HostMsg:
    """The host's message (bounded before parsing), typed; else ``ProtocolError``. A view
    is returned unchecked: ``remote.viewcheck.checked_view`` checks it before drawing."""
    data = read_json(text, MAX_HOST_TEXT)
    kind = data.get("t")
    if kind == "view":
        _keys(data, "v", "auto", "names")
        names = data["names"]
        if (not isinstance(data["v"], dict) or not isinstance(data["auto"], bool)
                or not isinstance(names, list) or len(names) != 4
                or not all(isinstance(n, str) for n in names)):
            raise ProtocolError("bad_message")
        return ViewMsg(data["v"], data["auto"], tuple(clean_name(n) for n in names))
    if kind == "hint":
        _keys(data, "a")
        return Hint(None if data["a"] is None else _action(data["a"]))
    if kind == "no":
        _keys(data, "k")
        if data["k"] not in REFUSALS:
            raise ProtocolError("bad_message")
        return Refused(str(data["k"]))
    if kind == "say":
        _keys(data, "s", "k")
        try:
            seat = check_seat(data["s"])
        except ActionError:
            raise ProtocolError("bad_message") from None
        return Say(_phrase(data["k"]), seat)
    raise ProtocolError("bad_message")


# ------------------------------------------------------------------ names and the links' info

INVISIBLE = frozenset(DIRECTION_MARKS) | frozenset(
    [0x00AD, 0x034F, 0x180E, 0xFEFF, *range(0x200B, 0x2010), *range(0x2028, 0x202F),
     *range(0x2060, 0x2070), *range(0xFFF9, 0xFFFC)])
"""Format characters a name may not hold: direction marks, zero-width and line separators."""


def clean_name(text: object) -> str:
    """A name to show: no control, direction, invisible or private character, spaces
    collapsed, at most ``MAX_NAME`` characters ("" for anything that is not text)."""
    if not isinstance(text, str):
        return ""
    kept = []
    for ch in text[: MAX_NAME * 8]:
        code = ord(ch)
        if (code < 0x20 or 0x7F <= code < 0xA0 or code in INVISIBLE
                or 0xD800 <= code < 0xE000 or 0xE000 <= code < 0xF900 or code >= 0xF0000):
            continue
        kept.append(ch)
    return " ".join("".join(kept).split())[:MAX_NAME].strip()


@dataclass(frozen=True)
class Invite:
    """What an invite link says: who invites, to which seat, in which language."""

    name: str
    seat: int
    lang: str


def invite_info(name: str, seat: int, lang: str) -> str:
    return _dumps({"n": clean_name(name), "s": seat, "l": lang})


def parse_invite_info(text: object) -> Invite | None:
    """An invite's info (from a link: hostile), or None."""
    try:
        data = read_json(text, MAX_INFO_TEXT)
    except ProtocolError:
        return None
    seat, lang = data.get("s"), data.get("l")
    if (set(data) != {"n", "s", "l"} or seat not in REMOTE_SEATS or isinstance(seat, bool)
            or lang not in LANGS):
        return None
    return Invite(clean_name(data["n"]), int(seat), str(lang))


def reply_info(name: str) -> str:
    return _dumps({"n": clean_name(name)})


def parse_reply_info(text: object) -> str:
    """A friend's name from their reply's info (hostile): cleaned, "" if unreadable."""
    try:
        data = read_json(text, MAX_INFO_TEXT)
    except ProtocolError:
        return ""
    return clean_name(data.get("n")) if set(data) == {"n"} else ""


# ------------------------------------------------------------------ the rate of messages


@dataclass(frozen=True)
class Bucket:
    """A token bucket: a friend may send ``BURST`` messages at once, ``RATE`` a second after."""

    tokens: float = 0.0
    at: float = 0.0


BURST = 12.0
RATE = 4.0


def full_bucket(now: float) -> Bucket:
    return Bucket(BURST, now)


def take(bucket: Bucket, now: float) -> Bucket | None:
    """The bucket after one message at ``now``, or None: too fast, refused unread."""
    tokens = min(BURST, bucket.tokens + max(0.0, now - bucket.at) * RATE)
    if tokens < 1.0:
        return None
    return Bucket(tokens - 1.0, now)
