"""embed.html's page script (MicroPython): read the scenario, draw it, answer the reader.

MicroPython starts in about half a second, so the position is on screen long
before the Python engine could be; the engine (Pyodide, ``embed_worker.py``) is
started in a worker only when the reader first needs it: the first Next, a quiz
answer, or a referee request from the host page. The worker gets the scenario's
text and answers with JSON; nothing from it or from the scenario becomes markup
except through ``markup.el``.

The host page may ask rule questions with ``postMessage``:
``{"type": "tractor.referee", "id": 1, "fn": "trick_winner", "args": [...]}``;
the answer is ``{"type": "tractor.referee.result", "id": 1, "result": ...}`` or
``{..., "error": "..."}``, with the request's ``id`` whenever the posted object
has one (``request_id``), a refused request too. The frame posts its height
(``{"type": "tractor.embed.height", "height": px}``) after every draw, for embed.js.
"""

import asyncio
import binascii
import json

import embed_view
import js
import scenario_check
from embed_text import say
from jsonscan import depth_within
from micro.words import HTML_LANG, language_of
from pyscript import create_named_worker, document
from pyscript.ffi import create_proxy, to_js

window = js.window  # pyscript.window's methods lose their ``this`` in MicroPython 1.27

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

MAX_LINK_CHARS = 27000
"""The longest ``?s=`` read: base64url of the longest scenario (20,000 characters)."""
MAX_REQUEST_CHARS = 8000
"""The longest referee request read from the host page."""
MAX_REQUEST_DEPTH = 4
"""The deepest nesting of a request read (a call needs 3: ``{"args": [["AS"]]}``; the
worker's ``scenario.referee_json`` caps the call at 4 too)."""
BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_="
WORKER_CONFIG = "./embed-worker.json"
WORKER_SRC = "./web/embed/embed_worker.py"

root = document.getElementById("embed")
same = getattr(window.Object, "is")  # JS identity (``is`` is a Python keyword)
state: "dict[str, Any]" = {}
text_of_scenario = [""]
frames_cache: "list[dict[str, Any]]" = []  # the engine's frames, once asked
engine: "list[Any]" = [None]  # the worker's exports, once started
engine_lock = asyncio.Lock()  # one start and one frames request, however many clicks wait
engine_start: "list[Any]" = [None]  # the task starting it early (on_intent)


def param(params: "Any", name: str) -> "str | None":
    value = params.get(name)
    return None if value is None else str(value)


def pick_lang(params: "Any") -> str:
    """``?lang=`` (zh, zh-Hant or en), else the browser's language."""
    lang = param(params, "lang")
    if lang in HTML_LANG:
        return str(lang)
    return language_of(str(window.navigator.language or ""))


def from_link(value: str) -> str:
    """The scenario's JSON text from base64url (no padding needed)."""
    if len(value) > MAX_LINK_CHARS:
        raise ValueError(say(state["lang"], "too_long", limit=MAX_LINK_CHARS))
    if any(ch not in BASE64URL for ch in value):
        raise ValueError(say(state["lang"], "bad_link"))
    try:
        padded = value.replace("-", "+").replace("_", "/") + "=" * (-len(value) % 4)
        return binascii.a2b_base64(padded.encode()).decode("utf-8")
    except Exception:  # noqa: BLE001 - any failure is a damaged link
        raise ValueError(say(state["lang"], "bad_link")) from None


async def from_file(src: str) -> str:
    """The scenario's JSON text from a file of this site (never another origin)."""
    try:
        url = window.URL.new(src, window.location.href)
    except Exception:  # noqa: BLE001 - not a URL
        raise ValueError(say(state["lang"], "src_not_url")) from None
    same_site = str(url.origin) == str(window.location.origin)
    if not same_site or str(url.protocol) not in ("http:", "https:"):
        raise ValueError(say(state["lang"], "src_elsewhere"))
    try:
        response = await window.fetch(url.href, to_js({"credentials": "same-origin"}))
    except Exception:  # noqa: BLE001 - network failure
        raise ValueError(say(state["lang"], "src_no_answer")) from None
    if not response.ok:
        raise ValueError(say(state["lang"], "src_status", status=int(response.status)))
    return str(await response.text())


def draw() -> None:
    html = embed_view.render(state)
    window.Idiomorph.morph(root, str(html), to_js({"morphStyle": "innerHTML"}))
    post_height()


def framed() -> bool:
    """Whether this page is in a frame (JS identity: MicroPython's ``is`` sees proxies)."""
    return not same(window.self, window.top)


def post_height() -> None:
    height = int(document.documentElement.scrollHeight)
    if framed():
        window.parent.postMessage(to_js({"type": "tractor.embed.height", "height": height}), "*")


def fail(message: str, detail: str = "") -> None:
    """Show only ``message`` (``detail``: the technical words, collapsed beside it)."""
    state.clear()
    state.update(embed_view.error_state(message, LANG, detail))
    draw()
    document.documentElement.dataset.ready = "error"


async def start_engine() -> "Any":
    """The worker's exports; started once (a failure is shown, and tried again later)."""
    async with engine_lock:
        if engine[0] is None:
            await _start_worker()
    return engine[0]


async def _start_worker() -> None:
    state["notice"] = say(state["lang"], "starting")
    draw()
    try:
        worker = await create_named_worker(src=WORKER_SRC, name="tractor-engine",
                                           config=WORKER_CONFIG, type="py")
        engine[0] = worker
        state["notice"] = None
    except Exception as error:  # noqa: BLE001 - the page keeps showing the position
        print("rules engine failed to start:", str(error)[:500])  # the console, for reports
        state["notice"] = say(state["lang"], "engine_failed")
    draw()


async def frames() -> "list[dict[str, Any]] | None":
    worker = await start_engine()
    if worker is None:
        return None
    async with engine_lock:  # a second click waits for the first answer, not a second one
        if not frames_cache:
            answer = json.loads(str(await worker.frames(text_of_scenario[0])))
            if "error" in answer:
                fail(say(LANG, "bad_scenario"), answer["error"])
                return None
            frames_cache.extend(answer["frames"])
    return frames_cache


async def go(step: int) -> None:
    found = await frames()
    if found is None or not 0 <= step < len(found):
        return
    state["step"] = step
    state["frame"] = found[step]
    draw()


async def submit() -> None:
    frame = state["frame"]
    hand = frame["seats"][frame["turn"]]["cards"]
    cards = " ".join(hand[i] for i in sorted(state["selected"]))
    worker = await start_engine()
    if worker is None:
        return
    answer = json.loads(str(await worker.judge(text_of_scenario[0], cards)))
    if "error" in answer:
        fail(say(LANG, "bad_scenario"), answer["error"])
        return
    state["verdict"] = answer
    if not answer["correct"]:
        state["tries"] += 1
        if state["tries"] >= 2:
            state["solution"] = True
    draw()


def on_click(event: "Any") -> None:
    if "mode" not in state:
        return
    target = event.target.closest("[data-action]")
    if target is None or target.disabled:
        return
    action = str(target.dataset.action)
    if action == "next":
        asyncio.create_task(go(state["step"] + 1))
    elif action == "back":
        asyncio.create_task(go(state["step"] - 1))
    elif action == "pick":
        index = int(str(target.dataset.index))
        chosen = state["selected"]
        if index in chosen:
            chosen.remove(index)
        else:
            chosen.append(index)
        draw()
    elif action == "clear" or action == "again":
        state["selected"] = []
        state["verdict"] = None
        draw()
    elif action == "answer":
        state["solution"] = True
        draw()
    elif action == "submit" and state["selected"]:
        asyncio.create_task(submit())


def on_intent(event: "Any") -> None:
    """A pointer over or focus in the controls: start the engine ahead of the click."""
    wanted = "mode" in state and (state["steps"] or state["mode"] == "quiz")
    if engine_start[0] is None and wanted and event.target.closest(".controls, .picking"):
        engine_start[0] = asyncio.create_task(start_engine())


def request_id(data: "Any") -> "int | str | None":
    """The ``id`` of a posted request, read from the JS object without reading the rest.

    The rule: a request's answer carries its ``id`` (an integer, or a text of at
    most 64 characters) whenever the message is an object with one, however
    long, deep or wrong the rest of it is; otherwise the answer's ``id`` is null.
    A posted object is a structured clone (plain data, no getters), so reading
    one property is cheap and runs no code of the host page.
    """
    try:
        ident = data.id
    except Exception:  # noqa: BLE001 - not an object, or no such property
        return None
    if isinstance(ident, bool) or not isinstance(ident, (int, str)):
        return None
    return ident if len(str(ident)) <= 64 else None


async def answer_referee(source: "Any", origin: str, data_text: str, ident: "Any") -> None:
    """Answer one request from the host page; its text is capped in length and depth
    (``jsonscan``) before MicroPython's ``json`` reads it."""
    request: dict[str, Any] = {}
    reply: dict[str, Any]
    if len(data_text) > MAX_REQUEST_CHARS:
        reply = {"error": "the request is longer than " + str(MAX_REQUEST_CHARS) + " characters"}
    elif not depth_within(data_text, MAX_REQUEST_DEPTH):
        reply = {"error": "the request is nested more than " + str(MAX_REQUEST_DEPTH)
                 + " levels deep"}
    else:
        try:
            found = json.loads(data_text)
        except Exception:  # noqa: BLE001
            found = None
        if isinstance(found, dict):
            request = found
        if request.get("type") != "tractor.referee":
            reply = {"error": "not a tractor.referee request"}
        else:
            worker = await start_engine()
            if worker is None:
                reply = {"error": "the rules engine could not start"}
            else:
                call = {"fn": request.get("fn"), "args": request.get("args", []),
                        "kwargs": request.get("kwargs", {})}
                reply = json.loads(str(await worker.referee(json.dumps(call))))
    reply["type"] = "tractor.referee.result"
    reply["id"] = ident
    target = origin if origin not in ("null", "") else "*"
    source.postMessage(window.JSON.parse(json.dumps(reply)), target)


def on_message(event: "Any") -> None:
    """Referee requests from the host page (the parent frame only)."""
    if not framed() or not same(event.source, window.parent):
        return
    try:
        data_text = str(window.JSON.stringify(event.data))
    except Exception:  # noqa: BLE001 - not serialisable: refused below
        data_text = "null"
    ident = request_id(event.data)
    asyncio.create_task(answer_referee(event.source, str(event.origin), data_text, ident))


async def main() -> None:
    state["lang"] = LANG
    link, src = param(PARAMS, "s"), param(PARAMS, "src")
    try:
        if link is not None:
            text = from_link(link)
        elif src is not None:
            text = await from_file(src)
        else:
            raise ValueError(say(LANG, "no_scenario"))
        checked = scenario_check.check(text)
    except scenario_check.ScenarioError as error:  # the checker's words: the details
        fail(say(LANG, "bad_scenario"), str(error))
        return
    except ValueError as error:  # a link or file refused, in the reader's language
        fail(str(error))
        return
    text_of_scenario[0] = text
    state.update(embed_view.initial_state(checked, LANG))
    draw()
    document.documentElement.dataset.ready = "1"


PARAMS = window.URLSearchParams.new(window.location.search)
LANG = pick_lang(PARAMS)
document.documentElement.lang = HTML_LANG[LANG]
document.title = say(LANG, "title")
root.addEventListener("click", create_proxy(on_click))
root.addEventListener("pointerover", create_proxy(on_intent))
root.addEventListener("focusin", create_proxy(on_intent))
window.addEventListener("message", create_proxy(on_message))
window.addEventListener("resize", create_proxy(lambda event: post_height()))
asyncio.create_task(main())
