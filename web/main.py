"""Main-thread entry point: report that Python runs and ask the engine worker to answer."""

from pyscript import document, workers


def show(testid: str, text: str, ok: bool) -> None:
    """Write a status line into the element with the given data-testid."""
    element = document.querySelector(f'[data-testid="{testid}"]')
    element.textContent = text
    element.className = "ok" if ok else "error"


async def main() -> None:
    """Import the engine here, then ask the worker (async call, no COOP/COEP needed)."""
    try:
        from runtime_info import describe

        show("status", f"Ready: {describe()} (main thread)", ok=True)
    except Exception as error:  # shown in the page: players have no console
        show("status", f"Error: {error!r}", ok=False)
        raise
    try:
        engine = await workers["engine"]
        show("worker", f"Ready: {await engine.describe()} (worker)", ok=True)
    except Exception as error:
        show("worker", f"Error: {error!r}", ok=False)
        raise


await main()  # noqa: F704 (PyScript runs scripts with top-level await)
