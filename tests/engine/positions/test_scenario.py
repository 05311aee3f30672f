"""Scenarios (positions in tutorial pages): loading, frames, quizzes, links (the referee API:
``test_referee_api.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from scenario_words import verdict_words, words
from tractor import scenario_check
from tractor.positions import scenario, scenario_frames, scenario_parts
from tractor.positions.scenario import (
    ScenarioError,
    decode_link_param,
    frames,
    judge,
    link,
    load,
)


def make(**fields: Any) -> str:
    """Scenario JSON text: a default two-deck position with ``fields`` replacing its own."""
    data: dict[str, Any] = {
        "schema": "tractor-scenario",
        "version": 1,
        "level": "2",
        "trump": "H",
        "turn": 0,
        "seats": [{"cards": "AS AS KS"}, {"backs": 3}, {}, {"backs": 3}],
    }
    data.update(fields)
    return json.dumps({k: v for k, v in data.items() if v is not None}, ensure_ascii=False)


# RULES §4, L = 10, T = H: on 5S 4S4S, 9H 7H7H trumps and 8H8H 4H over-trumps it.
OVERTRUMP = make(
    level="10",
    dealer=1,
    seats=[
        {"cards": "5S 4S 4S 3C"},
        {"cards": "9H 7H 7H 3D"},
        {"cards": "8H 8H 4H 2C"},
        {"backs": 4},
    ],
    steps=[
        {"seat": 0, "cards": "5S 4S 4S"},
        {"seat": 1, "cards": "9H 7H 7H"},
        {"seat": 2, "cards": "8H 8H 4H"},
        {"seat": 3, "cards": "KS 10S 6S"},
        {"seat": 2, "cards": "2C", "caption": "The winner leads."},
    ],
)

# RULES §4, L = 2, T = H: 9S 8S8S 4S4S with another player holding JS → 9S is played.
THROW_SEATS = [
    {"cards": "9S 8S 8S 4S 4S"},
    {"cards": "JS 3C 3C 5D 6D"},
    {"cards": "7C 7C 8C 9C 10C"},
    {"cards": "AD KD QD JD 10D"},
]
THROW = make(seats=THROW_SEATS, steps=[{"seat": 0, "cards": "9S 8S 8S 4S 4S"}])

# The last trick, won by an attacker's pair: the kitty's 25 points count ×4.
LAST_TRICK = make(
    dealer=0,
    points=40,
    kitty="KS 10D 5C 3C 3C 4C 6C 7C",
    seats=[{"cards": "7S 7S"}, {"cards": "AS AS"}, {"cards": "3D 4D"}, {"cards": "8D 9D"}],
    steps=[
        {"seat": 0, "cards": "7S 7S"},
        {"seat": 1, "cards": "AS AS"},
        {"seat": 2, "cards": "3D 4D"},
        {"seat": 3, "cards": "8D 9D"},
    ],
)

# Seat 3 led 3S 3S; seat 0 holds AS AS KS 4S and must follow with its pair.
PAIR_QUIZ = make(
    turn=None,
    seats=[{"cards": "AS AS KS 4S"}, {"backs": 4}, {"backs": 4}, {"backs": 2}],
    trick=[{"seat": 3, "cards": "3S 3S"}],
    quiz={"answers": ["AS AS"], "explain": {"en": "Pairs follow pairs.", "zh": "对子跟对子。"}},
)


# ------------------------------------------------------------------ load


def test_the_minimal_scenario_loads() -> None:
    s = load(scenario_check.MINIMAL)
    assert s["seats"][0]["cards"] == ["AS", "AS", "KS"]
    assert s["turn"] == 0 and s["steps"] == [] and s["quiz"] is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (make(seats=[{"cards": "AS AS AS"}, {"backs": 3}, {}, {"backs": 3}]),
         "AS is shown 3 times"),
        (make(seats=[{"cards": "AS AS KS"}, {"backs": 2}, {}, {"backs": 3}]),
         "hand sizes do not fit the trick"),
        (make(turn=2, trick=[{"seat": 0, "cards": "AS"}],
              seats=[{"cards": "AS KS"}, {"backs": 3}, {}, {"backs": 3}]),
         "turn: seat 1 plays after"),
        (make(turn=None, trick=[{"seat": 3, "cards": "3S 3C"}],
              seats=[{"cards": "AS AS KS"}, {"backs": 3}, {}, {"backs": 1}]),
         "the lead is of several suits"),
        (make(steps=[{"seat": 0, "cards": "AS 3C"}],
              seats=[{"cards": "AS 3C KS"}, {"backs": 3}, {}, {"backs": 3}]),
         "steps[0]: the lead AS 3C mixes C, S"),
        (make(turn=None, trick=[{"seat": 3, "cards": "3S 3S"}, {"seat": 0, "cards": "AS KS"}],
              seats=[{"cards": "AS QS"}, {"backs": 4}, {}, {"backs": 2}]),
         "trick[1]: seat 0 plays AS KS: you must play 1 pair(s) of the led suit (you hold "
         "them) (follow_pairs)"),
        (make(turn=None, trick=[{"seat": 3, "cards": "3S 3S"}],
              seats=[{"cards": "AS AS KS 4S"}, {"backs": 4}, {}, {"backs": 2}],
              steps=[{"seat": 0, "cards": "AS KS"}]),
         "steps[0]: seat 0 plays AS KS: you must play 1 pair(s)"),
        (make(steps=[{"seat": 0, "cards": "QS"}]), "steps[0]: seat 0 does not hold QS"),
        (make(seats=[{"backs": 3}, {"backs": 3}, {}, {"backs": 3}],
              quiz={"answers": ["AS"]}), "quiz: the seat to move (0) shows its cards"),
        (make(steps=[{"seat": 0, "cards": "KS"}], quiz={"answers": ["KS"]}),
         "steps or a quiz, not both"),
        (make(caption="x" * 20001), "longer than 20000 characters"),
        ('{"schema": "tractor-scenario", "a": [[[[[[[1]]]]]]]}', "nested more than 6"),
        ("[1, 2]", "a scenario is a JSON object"),
        ("{not json", "not valid JSON"),
        (make(rules={"decks": 4}), "rules: decks is one of"),
        (make(seats=[{"cards": "AS AS XS"}, {"backs": 3}, {}, {"backs": 3}]), 'not a card: "XS"'),
    ],
)
def test_impossible_or_malformed_scenarios_are_refused_with_a_message(
    text: str, message: str
) -> None:
    with pytest.raises(ScenarioError) as err:
        load(text)
    assert message in str(err.value)


def test_the_step_after_a_trick_is_by_its_winner() -> None:
    data = json.loads(OVERTRUMP)
    data["steps"][4] = {"seat": 0, "cards": "3C"}
    with pytest.raises(ScenarioError, match=r"steps\[4\]: seat 2 won the last trick and leads "
                                            r"next, not seat 0"):
        load(json.dumps(data))


def test_a_follow_of_the_throws_size_after_it_failed_is_refused() -> None:
    # The failed throw leaves a single (9S) led, so a pair cannot follow it. (Written
    # against the engine's table: scenario_check itself demands the throw's size.)
    s = scenario_check.check(THROW)
    table = scenario_frames._Table(s, scenario_parts._trump(s), None)
    table.play("steps[0]", 0, ["9S", "8S", "8S", "4S", "4S"])
    with pytest.raises(ScenarioError, match=r"steps\[1\]: seat 1 plays 2 card\(s\), but the "
                                            r"lead has 1 \(wrong_count\)"):
        table.play("steps[1]", 1, ["3C", "3C"])
    table.play("steps[1]", 1, ["JS"])


def test_markup_in_captions_and_names_stays_plain_text() -> None:
    markup = '<img src=x onerror="alert(1)">'
    text = make(caption=markup, seats=[{"cards": "AS AS KS", "name": markup}, {"backs": 3}, {},
                                       {"backs": 3}],
                steps=[{"seat": 0, "cards": "KS", "caption": {"en": markup, "zh": "<b>"}}])
    shown = frames(text)
    assert shown[0]["caption"] == {"en": markup, "zh": markup, "zh-Hant": markup}
    assert shown[1]["caption"] == {"en": markup, "zh": "<b>", "zh-Hant": "<b>"}
    assert shown[1]["seats"][0]["name"] == {"en": markup, "zh": markup, "zh-Hant": markup}
    assert "&lt;img" not in json.dumps(shown)


# ------------------------------------------------------------------ frames


def test_frame_zero_is_the_scenario_as_given() -> None:
    s = scenario_check.check(OVERTRUMP)
    first = frames(OVERTRUMP)[0]
    assert first == {"seats": s["seats"], "trick": s["trick"], "turn": s["turn"],
                     "points": s["points"], "caption": s["caption"], "result": None}
    assert first == scenario.initial_frame(s)


def test_frame_zero_is_scenario_check_s_initial_frame() -> None:
    for text in (OVERTRUMP, THROW, LAST_TRICK, PAIR_QUIZ, scenario_check.MINIMAL):
        s = scenario_check.check(text)
        assert frames(text)[0] == scenario_check.initial_frame(s)


def test_an_over_trump_wins_the_trick_and_its_points_go_to_the_attackers() -> None:
    shown = frames(OVERTRUMP)
    assert len(shown) == 6
    assert [f["turn"] for f in shown] == [0, 1, 2, 3, 2, 3]
    done = shown[4]
    assert done["result"]["winner"] == 2
    assert done["result"]["trick_points"] == 25
    assert words(done["result"]["text"]) == {"en": "Across wins the trick and its 25 points.",
                                             "zh": "对家赢得这一轮，得25分。",
                                             "zh-Hant": "對家贏得這一輪，得25分。"}
    assert done["points"] == 25  # dealer 1: seats 0 and 2 attack
    assert [p["seat"] for p in done["trick"]] == [0, 1, 2, 3]
    assert done["seats"][2]["cards"] == ["2C"] and done["seats"][3]["backs"] == 1
    nxt = shown[5]
    assert nxt["trick"] == [{"seat": 2, "cards": ["2C"]}]
    assert nxt["caption"] == {"en": "The winner leads.", "zh": "The winner leads.",
                              "zh-Hant": "The winner leads."}
    assert nxt["result"] is None and nxt["points"] == 25
    assert shown[1]["points"] == 0 and shown[0]["points"] is None


def test_trick_points_go_nowhere_when_the_dealer_is_unknown() -> None:
    data = json.loads(OVERTRUMP)
    del data["dealer"]
    shown = frames(json.dumps(data))
    assert shown[4]["result"]["trick_points"] == 25
    assert all(f["points"] is None for f in shown)


def test_a_defender_winning_keeps_the_attackers_points() -> None:
    data = json.loads(OVERTRUMP)
    data["dealer"], data["points"] = 0, 30
    assert frames(json.dumps(data))[4]["points"] == 30


def test_seat_names_are_used_in_the_result_text() -> None:
    data = json.loads(OVERTRUMP)
    data["seats"][2]["name"] = {"en": "North", "zh": "北家"}
    text = words(frames(json.dumps(data))[4]["result"]["text"])
    assert text["en"].startswith("North wins") and text["zh"].startswith("北家")
    assert text["zh-Hant"].startswith("北家")  # no zh-Hant name: the zh one


def test_a_text_in_traditional_chinese_is_shown_to_its_readers() -> None:
    data = json.loads(OVERTRUMP)
    data["seats"][2]["name"] = {"en": "North", "zh": "北家", "zh-Hant": "北邊"}
    data["caption"] = {"en": "Trumps.", "zh": "毙牌。", "zh-Hant": "殺牌。"}
    shown = frames(json.dumps(data))
    assert shown[0]["caption"]["zh-Hant"] == "殺牌。" and shown[0]["caption"]["zh"] == "毙牌。"
    text = words(shown[4]["result"]["text"])
    assert text["zh-Hant"] == "北邊贏得這一輪，得25分。" and text["zh"].startswith("北家赢得")


def test_a_failing_throw_plays_the_forced_unit() -> None:
    shown = frames(THROW)
    after = shown[1]
    assert after["result"]["throw_failed"] is True
    assert after["result"]["tried"] == ["9S", "8S", "8S", "4S", "4S"]
    assert after["result"]["forced"] == ["9S"]
    text = words(after["result"]["text"])
    assert "J♠" in text["en"] and "甩牌失败" in text["zh"]
    assert after["trick"] == [{"seat": 0, "cards": ["9S"]}]
    assert after["seats"][0]["cards"] == ["8S", "8S", "4S", "4S"]
    assert after["turn"] == 1


def test_a_throw_beaten_by_a_pair_forces_the_low_pair() -> None:
    seats: list[dict[str, object]] = [dict(seat) for seat in THROW_SEATS]
    seats[1] = {"cards": "QS QS 3C 5D 6D"}
    after = frames(make(seats=seats, steps=[{"seat": 0, "cards": "9S 8S 8S 4S 4S"}]))[1]
    assert after["result"]["forced"] == ["4S", "4S"]


def test_a_throw_stands_when_no_shown_hand_beats_it_and_a_hand_is_not_shown() -> None:
    seats: list[dict[str, object]] = [dict(seat) for seat in THROW_SEATS]
    seats[1] = {"cards": "3S 3C 3C 5D 6D"}  # the JS that beat 9S is gone
    seats[3] = {"backs": 5}
    after = frames(make(seats=seats, steps=[{"seat": 0, "cards": "9S 8S 8S 4S 4S"}]))[1]
    assert after["result"] is None and len(after["trick"][0]["cards"]) == 5


def test_the_kitty_bonus_of_a_pair_winning_the_last_trick_is_times_four() -> None:
    last = frames(LAST_TRICK)[-1]
    assert last["result"]["winner"] == 1
    assert last["result"]["kitty"] == {"multiplier": 4, "bonus": 100}
    assert last["points"] == 140
    assert last["turn"] is None
    text = words(last["result"]["text"])
    assert "×4" in text["en"] and "扣底" in text["zh"]


def test_no_kitty_bonus_when_the_defenders_win_the_last_trick() -> None:
    data = json.loads(LAST_TRICK)
    data["dealer"] = 1
    last = frames(json.dumps(data))[-1]
    assert "kitty" not in last["result"] and last["points"] == 40


def test_no_play_after_the_hand_is_over() -> None:
    data = json.loads(LAST_TRICK)
    data["steps"].append({"seat": 1, "cards": "AS"})
    with pytest.raises(ScenarioError):
        load(json.dumps(data))


# ------------------------------------------------------------------ judge


def test_judge_a_right_answer() -> None:
    verdict = judge(PAIR_QUIZ, "AS AS")
    assert verdict == {"legal": True, "rule": None, "why": verdict["why"], "detail": None,
                       "correct": True,
                       "explain": {"en": "Pairs follow pairs.", "zh": "对子跟对子。",
                                   "zh-Hant": "对子跟对子。"}}  # no zh-Hant text: the zh one
    assert verdict_words(verdict) == {"en": "A legal follow.", "zh": "合法的跟牌。",
                                      "zh-Hant": "合乎規則的跟牌。"}


def test_judge_a_legal_but_wrong_answer() -> None:
    quiz = make(turn=None, seats=[{"cards": "AS AS KS KS"}, {"backs": 4}, {"backs": 4},
                                  {"backs": 2}],
                trick=[{"seat": 3, "cards": "3S 3S"}], quiz={"answers": ["AS AS"]})
    verdict = judge(quiz, "KS KS")
    assert verdict["legal"] is True and verdict["correct"] is False and verdict["rule"] is None


def test_judge_an_illegal_answer_names_the_rule() -> None:
    verdict = judge(PAIR_QUIZ, "AS KS")
    assert verdict["legal"] is False and verdict["rule"] == "follow_pairs"
    why = verdict_words(verdict)
    assert why["zh"] == "你有该花色的对子：对子领出时必须跟对子。"
    assert why["en"].startswith("You hold a pair in the led suit")
    assert judge(PAIR_QUIZ, "KS 4S")["rule"] == "follow_pairs"
    assert judge(PAIR_QUIZ, "AS")["rule"] == "wrong_count"
    assert judge(PAIR_QUIZ, "QS QS")["rule"] == "not_in_hand"


def test_judge_a_lead_of_several_suits() -> None:
    quiz = make(seats=[{"cards": "AS AH KS"}, {"backs": 3}, {}, {"backs": 3}],
                quiz={"answers": ["AS"]})
    assert judge(quiz, "AS")["correct"] is True
    assert judge(quiz, "AS KS")["legal"] is True
    assert judge(quiz, "AS AH")["rule"] == "lead_one_suit"


def test_judge_a_failing_throw_is_legal_but_says_what_is_forced() -> None:
    quiz = make(seats=THROW_SEATS, quiz={"answers": ["9S"]})
    verdict = judge(quiz, "9S 8S 8S 4S 4S")
    assert verdict["legal"] is True and verdict["correct"] is False
    why = verdict_words(verdict)["en"]
    assert "throw fails" in why and "J♠" in why
    standing = judge(make(seats=[THROW_SEATS[1], THROW_SEATS[0], THROW_SEATS[2],
                                 THROW_SEATS[3]], quiz={"answers": ["3C 3C"]}), "3C 3C")
    assert standing["correct"] is True


def test_judge_refuses_bad_card_text_and_scenarios_without_a_quiz() -> None:
    with pytest.raises(ScenarioError, match="your play"):
        judge(PAIR_QUIZ, "AS ZZ")
    with pytest.raises(ScenarioError, match="at least one card"):
        judge(PAIR_QUIZ, "   ")
    with pytest.raises(ScenarioError, match="no quiz"):
        judge(scenario_check.MINIMAL, "AS")


# ------------------------------------------------------------------ links


def test_link_decodes_back_to_the_original_object() -> None:
    url = link(OVERTRUMP, "https://example.org/embed.html")
    base, value = url.split("?s=")
    assert base == "https://example.org/embed.html" and "=" not in value
    assert json.loads(decode_link_param(value)) == json.loads(OVERTRUMP)
    chinese = make(caption={"en": "x", "zh": "对子"})
    assert json.loads(decode_link_param(link(chinese).split("?s=")[1])) == json.loads(chinese)


def test_link_refuses_an_invalid_scenario() -> None:
    with pytest.raises(ScenarioError):
        link(make(turn=7))


def test_a_failed_throw_costs_the_thrower_s_side_under_the_penalty_option() -> None:
    data = {
        "schema": "tractor-scenario", "version": 1, "level": "2", "trump": "H", "dealer": 0,
        "rules": {"throw_penalty": True}, "points": 20,
        "seats": [{"cards": "9S 8S 8S 4S 4S"}, {"cards": "JS 7D 6D 5C 3C"},
                  {"cards": "7S 6S AD KD 3D"}, {"cards": "10C 9C 9D 8D 6C"}],
        "turn": 0, "steps": [{"seat": 0, "cards": "9S 8S 8S 4S 4S"}],
    }
    after = scenario.frames(json.dumps(data))[1]
    assert after["result"]["penalty"] == 10 and after["points"] == 30  # a defender failed
    data["dealer"] = 1
    after = scenario.frames(json.dumps(data))[1]
    assert after["result"]["penalty"] == -10 and after["points"] == 10  # an attacker failed
    data["rules"] = {}
    assert "penalty" not in scenario.frames(json.dumps(data))[1]["result"]


# ------------------------------------------------------------------ issue 24: answers and throws


def test_load_refuses_a_quiz_whose_answer_is_an_illegal_play() -> None:
    illegal = make(turn=None, seats=[{"cards": "AS AS KS 4S"}, {"backs": 4}, {"backs": 4},
                                     {"backs": 2}],
                   trick=[{"seat": 3, "cards": "3S 3S"}], quiz={"answers": ["AS AS", "AS KS"]})
    with pytest.raises(ScenarioError, match=r"quiz.answers\[1\]: not a legal play: you must "
                                            r"play 1 pair\(s\) of the led suit .*\(follow_pairs\)"):
        load(illegal)
    with pytest.raises(ScenarioError, match=r"quiz.answers\[0\]: not a legal play"):
        load(make(seats=[{"cards": "AS AH KS"}, {"backs": 3}, {}, {"backs": 3}],
                  quiz={"answers": ["AS AH"]}))


def test_the_embed_worker_refuses_a_quiz_whose_answer_is_an_illegal_play() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "web" / "embed" / "embed_worker.py"
    spec = importlib.util.spec_from_file_location("embed_worker", path)
    assert spec is not None and spec.loader is not None
    worker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(worker)
    illegal = PAIR_QUIZ.replace('"answers": ["AS AS"]', '"answers": ["AS KS"]')
    answer = json.loads(worker.judge(illegal, "AS AS"))
    assert answer["error"].startswith("quiz.answers[0]: not a legal play")
    assert json.loads(worker.frames(illegal))["error"].startswith("quiz.answers[0]")


# RULES §4, L = 2, T = H: 9S 8S8S led while seat 0 shows QS QS — the throw fails (8S8S).
FAILED_LEAD = make(turn=None, seats=[{"cards": "QS QS 3C"}, {}, {}, {"backs": 0}],
                   trick=[{"seat": 3, "cards": "9S 8S 8S"}])


def test_a_lead_in_the_trick_that_a_shown_hand_beats_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"trick\[0\]: seat 3's throw 9S 8S 8S fails: "
                                            r"seat 0 holds QS QS, which beats 8S 8S "
                                            r"\(throw_fails: RULES §4"):
        load(FAILED_LEAD)


def test_a_follower_s_hand_before_its_play_refutes_the_lead() -> None:
    # Seat 0 already followed with QS QS: before the trick it held them.
    followed = make(turn=None, seats=[{"cards": "3C"}, {}, {}, {"backs": 1}],
                    trick=[{"seat": 3, "cards": "9S 8S 8S"}, {"seat": 0, "cards": "QS QS 3S"}])
    with pytest.raises(ScenarioError, match="throw_fails"):
        load(followed)


def test_a_lead_in_the_trick_stands_when_no_shown_hand_beats_it() -> None:
    standing = FAILED_LEAD.replace("QS QS 3C", "7S 7S 3C")
    assert load(standing)["trick"][0]["cards"] == ["9S", "8S", "8S"]


def test_a_step_s_throw_that_a_shown_hand_beats_fails_though_a_hand_is_hidden() -> None:
    seats: list[dict[str, object]] = [dict(seat) for seat in THROW_SEATS]
    seats[1] = {"cards": "5S 5S 3C 5D 6D"}  # beats the lowest unit, 4S 4S: nothing lower
    seats[3] = {"backs": 5}
    after = frames(make(seats=seats, steps=[{"seat": 0, "cards": "9S 8S 8S 4S 4S"}]))[1]
    assert after["result"]["forced"] == ["4S", "4S"]


def test_a_step_s_throw_whose_forced_unit_depends_on_a_hidden_hand_is_refused() -> None:
    seats: list[dict[str, object]] = [dict(seat) for seat in THROW_SEATS]
    seats[3] = {"backs": 5}  # seat 1's JS beats 9S; seat 3 might beat 4S 4S
    with pytest.raises(ScenarioError, match=r"steps\[0\]: seat 0's throw 9S 8S 8S 4S 4S fails"
                                            r".*hidden"):
        load(make(seats=seats, steps=[{"seat": 0, "cards": "9S 8S 8S 4S 4S"}]))


def test_judge_a_throw_that_a_shown_hand_beats_fails_though_a_hand_is_hidden() -> None:
    seats: list[dict[str, object]] = [dict(seat) for seat in THROW_SEATS]
    seats[3] = {"backs": 5}
    verdict = judge(make(seats=seats, quiz={"answers": ["9S"]}), "9S 8S 8S 4S 4S")
    assert verdict["legal"] is True
    why = verdict_words(verdict)
    assert why["en"] == "Legal, but the throw fails: Right holds J♠, which beats 9♠."
    assert why["zh-Hant"] == "合乎規則，但甩牌失敗：下家有J♠，大過9♠。"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (make(seats=[{"cards": "AS A\u017f KS"}, {"backs": 3}, {}, {"backs": 3}]),
         'not a card: "A\u017f"'),
        (make(seats=[{"cards": "AS\u00a0AS KS"}, {"backs": 3}, {}, {"backs": 3}]), "not a card"),
        (make()[:-1] + ",}", "not valid JSON (strict JSON; see character"),
        (make().replace('{"backs": 3}]', '{"backs": 3},]'), "not valid JSON (strict JSON"),
        (make(caption="a\u0000b"), "caption: a control character (U+0000) is not allowed"),
        (make(seats=[{"cards": "AS AS KS", "name": "\u202eouY"}, {"backs": 3}, {},
                     {"backs": 3}]), "seats[0].name: a direction mark (U+202E)"),
        (make(caption={"\u0000en": "x"}), "caption: a control character (U+0000) is not "
                                           "allowed in a field name"),
    ],
)
def test_text_micropython_would_read_otherwise_is_refused(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        load(text)
    assert message in str(err.value)
