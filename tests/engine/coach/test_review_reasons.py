"""The coach's reason never contradicts the trick (issue 38): with seats still to play, a
better play is not said to win the trick (a later seat may take it, as the replay then
shows); when the play made beat the cards so far as well, the reason is what differs."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from tractor.actions import Play
from tractor.cards import CARDS, points_of
from tractor.coach.review import why_better
from tractor.follow import legal_follows
from tractor.match import Match
from tractor.players import make_player
from tractor.players.explain import reason
from tractor.rules import Rules
from tractor.runner import step
from tractor.trick import winner
from tractor.view import View


def follows_before_the_last(seeds: range) -> Iterator[View]:
    """Seat 0's views when it follows with at least one seat still to play."""
    for seed in seeds:
        m = Match(Rules(decks=1), seed)
        players = [make_player("easy", seed * 4 + s) for s in range(4)]
        while m.phase not in ("hand_over", "match_over"):
            if m.phase == "play" and m.to_move == 0 and 1 <= len(m.trick) <= 2:
                yield m.observe(0)
            step(m, players)


def points(card: list[int]) -> int:
    return points_of([CARDS[card[0]]])


@functools.cache
def two_winning_follows() -> tuple[View, list[int], list[int], list[int]]:
    """A view and two single-card follows that both beat the cards so far, the first
    with more points (a K where a J would do), and one that does not beat them, with no
    more points than the second."""
    for view in follows_before_the_last(range(80)):
        assert view.lead is not None and view.trump is not None
        if view.lead.size != 1:
            continue
        plays = [list(cards) for _, cards in view.trick]
        singles = [list(c) for c in legal_follows(view.counts, view.lead, view.trump)
                   if view.counts[c[0]] == 1]
        winning = [c for c in singles
                   if winner(view.lead, [*plays, c], view.order) == len(plays)]
        for high in winning:
            for low in winning:
                losing = [c for c in singles if c not in winning and points(c) <= points(low)]
                if points(high) > points(low) and losing:
                    return view, high, low, losing[0]
    raise AssertionError("no such position")


def test_a_better_play_is_not_said_to_win_a_trick_that_others_may_still_take() -> None:
    view, high, low, _ = two_winning_follows()
    assert reason(view, Play(0, [CARDS[low[0]]]))[0] in ("wins_trick", "wins_points")
    code, params = why_better(view, high, low, 0.0, "follow")
    assert code not in ("wins_trick", "wins_points")
    assert (code, params) == ("risks_fewer", {"n": points(high) - points(low)})


def test_a_better_play_that_alone_beats_the_cards_so_far_says_so_and_no_more() -> None:
    view, _, low, losing = two_winning_follows()
    code, _ = why_better(view, losing, low, 0.0, "follow")
    assert code == "beats_so_far"
