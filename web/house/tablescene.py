"""The scene of a table: what one drawing needs (``scene.Scene``), read from the state.

``scene_of`` gathers seat 0's view and every part of the ``state.Table`` that the
drawing shows, with the words in the table's language; it changes nothing but
the view's cache and reads the past hands only while Settings is open.
"""

from __future__ import annotations

from render.scene import RemoteShown, Scene
from text.i18n import t
from text.messages import notice_shown

from house.core import view
from house.learn.learnscene import learn_scene
from house.records import undoable
from house.replays import history_lines
from house.state import Table


def levels_before(table: Table) -> list[int] | None:
    """Everyone's level before the hand whose result is shown (the match keeps results)."""
    m = table.live.match
    if m.hand_result is None or m.phase not in ("hand_over", "match_over"):
        return None
    if len(m.results) >= 2:
        return list(m.results[-2].levels)
    return [0, 0, 0, 0] if m.hand_no == 0 else None


def remote_shown(table: Table) -> tuple[RemoteShown | None, ...]:
    """The seats offered to friends (``house.friends``), as the drawing shows them."""
    return tuple(None if r is None else RemoteShown(r.status, r.name, r.invite, r.problem)
                 for r in table.friends.seats)


def scene_of(table: Table) -> Scene:
    """Everything one drawing of ``table`` needs."""
    lang = table.lang
    keep, link, words = table.keep, table.env.link, table.words
    notice, said = notice_shown(words.notice, lang)
    seat, panels, past, prefs = table.seat, table.panels, table.past, table.prefs
    problem = keep.store.warning(keep.keeper.unsaved)
    warning = None if problem is None else t(lang, problem)
    # worker_loading / worker_ready / worker_failed (its error goes to the console)
    worker = t(lang, f"worker_{link.state}", info=link.info)
    return Scene(
        view=view(table),
        settings=prefs.settings,
        lang=lang,
        selected=frozenset(seat.selected),
        thinking=table.loop.thinking,
        autoplay=seat.autoplay,
        show_last=seat.show_last,
        show_log=seat.show_log,
        replay=past.replay,
        replayed=past.replayed,
        review=past.review,
        history=history_lines(table) if panels.panel in ("settings", "records") else ((), 0),
        set_aside_at=None if keep.aside is None else keep.aside[1],
        match_id=table.live.meta.match_id,
        can_undo=undoable(table) is not None,
        finished_trick=table.loop.finished_trick,
        end_of_deal=table.deal.end_of_deal,
        panel=panels.panel,
        confirm=panels.confirm,
        pending_rules=panels.pending_rules,
        stats=prefs.stats,
        message=None if words.message is None else words.message.text(lang),
        message_detail="" if words.message is None else words.message.detail,
        notice=notice,
        said=said,
        warning=warning,
        worker=worker,
        worker_calls=link.calls,
        worker_state=link.state,
        think_ms=tuple(link.times_ms),
        elsewhere=keep.keeper.elsewhere,
        friend_rank=seat.friend_rank,
        friend_suit=seat.friend_suit,
        just_dealt=seat.just_dealt if table.pace.deal > 0 else None,
        flag=seat.flag,
        flagged=seat.flagged,
        levels_before=levels_before(table),
        load_ms=table.live.load_ms,
        share_link=panels.share_link,
        first_visit=prefs.first_visit,
        keys_used=seat.keys_used,
        speed=prefs.speed_override or prefs.settings.speed,
        position_link=panels.position_link,
        position_iframe=panels.position_iframe,
        friends_on=table.env.friend_link is not None,
        remote=remote_shown(table),
        host_name=table.friends.host_name,
        ice=table.env.ice,
        phrases=bool(table.friends.connected()),
        **learn_scene(table),
    )
