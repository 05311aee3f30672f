"""Play with friends: the host's panel of invitations, a friend's join panel, the phrases.

Pure markup of a ``Scene`` (``scene.remote``, ``scene.join``) through ``micro.markup``:
a friend's name (cleaned by ``remote.protocol.clean_name``) and the links are text
and attribute values, escaped. The QR code of a link is drawn by the page
(``page.friendlink``, the transport's ``qrDraw``) into the empty element that
carries the link in ``data-qr``; nothing here holds another site's markup.
"""

from __future__ import annotations

from micro.markup import Child, Markup, el
from text.i18n import seat_name, t
from text.phrases import PHRASES

from render.faces import button, dialog
from render.scene import JoinShown, RemoteShown, Scene

MAX_NAME = 16
"""The longest name the name fields take (``remote.protocol.MAX_NAME``: it cleans again)."""


def link_box(lang: str, link: str, testid: str, qr: str) -> Markup:
    """A link to hand over: the whole link in a read-only field, and its QR code."""
    return el(
        "div",
        el("input", value=link, readonly=True, data_testid=testid, class_="friend-link",
           aria_label=t(lang, "friends_link")),
        el("div", id=qr, data_testid=qr, data_qr=link, class_="friend-qr",
           role="img", aria_label=t(lang, "friends_qr")),
        class_="friend-link-box",
    )


def seat_invite(lang: str, seat: int, remote: RemoteShown | None) -> Markup:
    """One seat of the panel: its state, the invite and the friend's answer."""
    status = "computer" if remote is None else remote.status
    parts: list[Child] = [
        el("h3", seat_name(lang, seat), " · ",
           el("span", t(lang, f"friend_status_{status}"), data_testid=f"friend-status-{seat}"),
           " ", remote is not None and remote.status == "connected" and remote.name
           and el("span", remote.name, class_="remote-name")),
        button(t(lang, "friends_invite_again" if remote is not None else "friends_invite"),
               "invite", f"invite-{seat}", data_seat=seat),
    ]
    if remote is not None and remote.invite and remote.status != "connected":
        parts.append(el("p", t(lang, "friends_send_link"), class_="hint"))
        parts.append(link_box(lang, remote.invite, f"invite-link-{seat}", f"invite-qr-{seat}"))
        parts.append(el("div",
                        el("input", data_testid=f"reply-input-{seat}", id=f"reply-input-{seat}",
                           type="text", aria_label=t(lang, "friends_paste_reply"),
                           placeholder=t(lang, "friends_paste_reply"), autocomplete="off"),
                        button(t(lang, "friends_accept"), "reply-accept", f"reply-accept-{seat}",
                               data_seat=seat),
                        class_="friend-reply"))
    elif remote is not None and remote.status == "inviting":
        parts.append(el("p", t(lang, "friends_making_link"), class_="hint"))
    if remote is not None and remote.problem:
        parts.append(el("p", t(lang, remote.problem), class_="message error", role="alert",
                        data_testid=f"invite-problem-{seat}"))
    return el("div", *parts, class_="friend-seat", data_testid=f"friend-seat-{seat}")


def ice_field(scene: Scene, testid: str) -> Markup:
    """The connection servers as typed (``tractor.friends.ice``), in the friends panel and
    in Settings: one field, one key, one check (``house.friends.set_ice``)."""
    return el("label", el("span", t(scene.lang, "friends_ice")), " ",
              el("input", value=scene.ice, data_friends="ice", data_testid=testid,
                 type="text", placeholder="stun:stun.qq.com:3478", autocomplete="off"))


def friends_panel(scene: Scene) -> Markup:
    """The host's panel: the host's name, seats 1 to 3 to invite friends to, deal."""
    lang = scene.lang
    remote = list(scene.remote) + [None] * (4 - len(scene.remote))
    return dialog(
        el("h2", t(lang, "friends_title")),
        el("p", t(lang, "friends_intro"), class_="hint"),
        el("label", t(lang, "friends_your_name"), " ",
           el("input", value=scene.host_name, maxlength=MAX_NAME, data_friends="host-name",
              data_testid="friends-name", type="text", autocomplete="nickname")),
        [seat_invite(lang, seat, remote[seat]) for seat in (1, 2, 3)],
        ice_field(scene, "friends-ice"),
        el("p", t(lang, "friends_trust"), class_="hint"),
        el("div",
           button(t(lang, "close"), "close", "friends-close"),
           button(t(lang, "friends_start"), "friends-start", "friends-start", class_="primary"),
           class_="panel-buttons"),
        label=t(lang, "friends_title"), testid="friends-panel", classes="friends",
    )


def join_panel(lang: str, join: JoinShown) -> Markup:
    """A friend's page before the table: who invites to which seat, the name, the answer."""
    if join.stage == "bad":
        return dialog(el("h2", t(lang, "friends_title")),
                      el("p", t(lang, join.problem or "join_bad_invite"), data_testid="join-bad",
                         role="alert", class_="message error"),
                      el("p", el("a", t(lang, "join_play_alone"), href="index.html")),
                      label=t(lang, "friends_title"), testid="join-panel", classes="friends")
    host = join.host or t(lang, "join_a_friend")
    parts: list[Child] = [
        el("h2", t(lang, "join_title")),
        el("p", t(lang, "join_invited", host=host, seat=t(lang, f"seat_from_host_{join.seat}")),
           data_testid="join-invite"),
    ]
    if join.stage == "join":
        parts += [
            el("label", t(lang, "join_your_name"), " ",
               el("input", data_testid="join-name", id="join-name", maxlength=MAX_NAME,
                  type="text", autocomplete="nickname", data_autofocus=True)),
            el("div", button(t(lang, "join_accept"), "join-accept", "join-accept",
                             class_="primary"), class_="panel-buttons"),
        ]
    elif join.stage == "making":
        parts.append(el("p", t(lang, "friends_making_link"), class_="hint"))
    else:
        parts += [el("p", t(lang, "join_send_reply"), class_="hint"),
                  link_box(lang, join.reply, "reply-link", "reply-qr"),
                  el("p", t(lang, "join_waiting"), class_="hint", data_testid="join-waiting")]
    if join.problem:
        parts.append(el("p", t(lang, join.problem), class_="message error", role="alert",
                        data_testid="join-problem"))
    return dialog(*parts, label=t(lang, "join_title"), testid="join-panel", classes="friends")


PHRASE_LIST = "phrase-list"
"""The id of the quick phrases' list (a popover on a phone)."""


def phrases(lang: str) -> Markup:
    """The quick phrases: each a button saying its key's words to the table. A wide screen
    shows them in a row; a phone (upright or sideways), which has no room for that row, a
    💬 button that opens them as a list: a popover, which a tap outside or Escape closes,
    and so does saying one (``popovertargetaction="hide"``), with no script; the browser
    keeps its open state, so the morphing redraw never closes it."""
    said = [button(t(lang, f"phrase_{key}"), "say", f"say-{key}", data_key=key,
                   popovertarget=PHRASE_LIST, popovertargetaction="hide") for key in PHRASES]
    return el("div",
              el("button", "💬", type="button", class_="phrases-open",
                 data_testid="phrases-open", popovertarget=PHRASE_LIST,
                 aria_label=t(lang, "phrases_open"), title=t(lang, "phrases_open")),
              el("div", said, id=PHRASE_LIST, class_="phrase-list", popover="auto",
                 aria_label=t(lang, "phrases_open")),
              class_="phrases", data_testid="phrases")
