"""Drills' spaced repetition (``tractor.coach.schedule``): right steps up through 1, 3, 7
and 21 days, wrong comes back at once, and the list is ordered by what is due."""

from __future__ import annotations

from tractor.coach.schedule import DAY_MS, Schedule, answered, due_order, is_due


def test_answers_right_step_up_through_one_three_seven_and_twenty_one_days() -> None:
    s, now, gaps = Schedule(0, 0), 1_000, []
    for _ in range(6):
        s = answered(s, True, now)
        gaps.append((s.due_ms - now) // DAY_MS)
        now = s.due_ms
    assert gaps == [1, 3, 7, 21, 21, 21]


def test_a_wrong_answer_is_due_again_at_once_and_starts_over() -> None:
    s = answered(answered(Schedule(0, 0), True, 0), True, DAY_MS)
    late = answered(s, False, 2 * DAY_MS)
    assert late == Schedule(0, 2 * DAY_MS) and is_due(late, 2 * DAY_MS)
    assert (answered(late, True, 2 * DAY_MS).due_ms - 2 * DAY_MS) // DAY_MS == 1
    assert not is_due(answered(late, True, 2 * DAY_MS), 2 * DAY_MS + DAY_MS - 1)


def test_drills_are_listed_by_when_they_are_due_then_by_age() -> None:
    drills = [("later", Schedule(1, 5 * DAY_MS), 1), ("now-new", Schedule(0, 10), 9),
              ("now-old", Schedule(0, 10), 2), ("first", Schedule(0, 0), 5)]
    order = due_order(drills, lambda d: d[1], lambda d: d[2])
    assert [name for name, _, _ in order] == ["first", "now-old", "now-new", "later"]
