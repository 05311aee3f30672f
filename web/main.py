"""Page entry point: build the table, start the game loop, then the AI worker.

The deal starts at once; the computer players' worker is created only after the
first card is on screen (so it does not compete with the page's own start-up),
and until it is ready the computer seats think on the page.
"""

import js

js.performance.mark("tractor-pyodide-up")  # Pyodide runs this file (scripts/measure_paint.py)

import asyncio  # noqa: E402
from typing import Any  # noqa: E402

from house import painting  # noqa: E402
from house.game import Game  # noqa: E402
from page import controls, friendlink, friendpage  # noqa: E402
from page.screen import DomScreen  # noqa: E402
from pyodide.ffi import create_proxy, jsnull, to_js  # noqa: E402
from pyscript import create_named_worker, document, window  # noqa: E402
from seats.agents import WorkerLink  # noqa: E402
from store.links import parse_query  # noqa: E402
from store.storage import Store  # noqa: E402

WORKER_NAME = "engine"


def page_address() -> str:
    """This page's address without its query (where share links point)."""
    location = window.location
    return f"{location.origin}{location.pathname}"


def local_storage() -> Any:
    try:
        return window.localStorage
    except Exception:  # storage disabled by the browser
        return None


async def start_worker() -> Any:
    """Create the named worker (PyScript injects its script tag) and return its exports."""
    return await create_named_worker(
        src="./web/worker.py", name=WORKER_NAME, config="./pyscript.json"
    )


async def connect_worker(game: Game, link: WorkerLink) -> None:
    """Once the first card is on the table: offline caching (web/offline.js), the worker,
    then the past hands (read a record at a time, not when Settings opens)."""
    await game.shown.wait()
    window.dispatchEvent(js.CustomEvent.new("tractor:shown"))
    await link.connect(start_worker)  # never raises: a failed worker is its state
    await game.read_history_when_idle()
    js.performance.mark("tractor-history-read")


def watch_other_tabs(game: Game) -> object:
    """Tell the table when another tab of the site changes the stored match."""

    def on_storage(event: Any) -> None:
        key = event.key
        game.on_storage(None if key is None or key is jsnull else str(key))

    proxy = create_proxy(on_storage)
    window.addEventListener("storage", proxy)
    return proxy


def painted_table() -> tuple[str | None, list[int]]:
    """What the painter (``paint.py``) drew from storage, and the cards selected on it."""
    painted = getattr(window, "tractorPainted", None)
    found = document.querySelectorAll('#hand [data-action="select"].sel')
    selection = [int(found.item(i).getAttribute("data-index")) for i in range(found.length)]
    return (painted if isinstance(painted, str) else None), selection


def play_cues(sounds: list[str], call: str | None) -> None:
    """Play the table's sounds (``web/sound.js``: after the first gesture, while visible)."""
    sound = getattr(window, "tractorSound", None)
    if sound is not None:
        sound.play(to_js(sounds), call)


def connect_friends(game: Game, screen: DomScreen) -> list[object]:
    """Play with friends: the table's link to friends' pages, if the page has the
    transport (``web/friends/link.js``); its QR codes drawn after each drawing."""
    friends = friendlink.transport()
    if friends is None:
        return []
    game.connect_friends(friendlink.JsFriendLink(friends))
    show = screen.show

    def show_and_draw_codes(regions: Any, classes: str, lang: str) -> None:
        show(regions, classes, lang)
        if "overlay" in regions:
            friendlink.draw_codes(document, friends)

    screen.show = show_and_draw_codes  # type: ignore[method-assign]
    return friendlink.install_host(friends, game.friend_message, game.friend_status,
                                   game.friend_joined)


def friend_main() -> list[object]:
    """A friend's page (``#join=…``): the table drawn from the host's views (no match here)."""
    document.getElementById("table").setAttribute("data-live", "1")
    return [asyncio.ensure_future(friendpage.start(
        document, window, Store(local_storage()), str(window.navigator.language or "")))]


def main() -> list[object]:
    """Start the table; returns what must stay referenced (proxies, tasks)."""
    if friendpage.is_friend_page(str(window.location.hash)):
        return friend_main()
    document.getElementById("table").setAttribute("data-live", "1")  # the painter stops
    painted, selection = painted_table()
    query = parse_query(str(window.location.search))
    if query.deal is not None or query.deal_refused:  # offered (or refused) once, not on reload
        window.history.replaceState(None, "", page_address())
    link = WorkerLink()
    screen = DomScreen(document)
    game = Game(
        screen,
        Store(local_storage()),
        link,
        seed=query.seed,
        speed=query.speed,
        deal=query.deal,
        address=page_address(),
        browser_lang=str(window.navigator.language or ""),
        bad_deal=query.deal_refused,
        cue=play_cues,
    )
    painting.adopt(game.state, painted, selection)
    proxies = [*controls.install(document, game), watch_other_tabs(game),
               *connect_friends(game, screen)]
    tasks = [asyncio.ensure_future(game.run()), asyncio.ensure_future(connect_worker(game, link))]
    return [game, *proxies, *tasks]


def show_failure(error: BaseException) -> None:
    """Never a blank page: say that the table could not start (``web/boot.js``'s failure
    box, with Retry and the detail; the status line if that script is missing)."""
    fail = getattr(window, "tractorFail", None)
    if fail is not None:
        fail("failed", f"{type(error).__name__}: {error}")
        return
    status = document.querySelector('[data-testid="status"]')
    status.textContent = f"游戏无法启动 / The game could not start: {type(error).__name__}: {error}"
    status.className = "status error"


window.performance.mark("tractor-imported")  # the table's modules and the engine (measure_paint.py)
try:
    KEEP = main()
    window.performance.mark("tractor-live")
except Exception as failure:
    show_failure(failure)
    raise
