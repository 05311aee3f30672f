"""The embed's words in English and Chinese (runs in MicroPython and CPython).

``say(lang, key, *args)`` fills ``{}`` placeholders in order. Text that comes from a
scenario (captions, names) is never looked up here: it is shown as given.

>>> say("en", "step", 2, 7), say("zh", "step", 2, 7)
('Step 2 of 7', '第 2 步，共 7 步')
"""

TEXT = {
    "en": {
        "you": "You",
        "hidden": "hidden",
        "backs": "{} cards",
        "level": "Level {}",
        "trump": "Trump {}",
        "no_trump": "No trump",
        "dealer": "Dealer",
        "friend": "Friend card",
        "points": "Attackers' points: {}",
        "kitty": "Kitty",
        "turn": "To play",
        "back": "Back",
        "next": "Next",
        "step": "Step {} of {}",
        "start": "Start",
        "submit": "Play these cards",
        "clear": "Clear",
        "pick": "Select {} card(s) of {} and press “Play these cards”.",
        "pick_lead": "Select the cards {} leads and press “Play these cards”.",
        "legal_right": "Legal, and that is the answer.",
        "legal_wrong": "Legal, but not the answer.",
        "illegal": "Not a legal play.",
        "starting": "Starting the rules engine…",
        "engine_failed": "The rules engine could not start: {}",
        "error": "This position cannot be shown",
        "no_scenario": "No position given: add ?s=… (a scenario link) or ?src=file.json.",
        "bad_link": "The position link is damaged (not base64url JSON).",
        "bad_src": "The position file cannot be read: {}",
        "too_long": "The position link is too long (more than {} characters).",
        "hand_over": "The hand is over.",
        "board": "Cards on the table",
        "trick": "The trick",
    },
    "zh": {
        "you": "你",
        "hidden": "未显示",
        "backs": "{}张",
        "level": "打{}",
        "trump": "主 {}",
        "no_trump": "无主",
        "dealer": "庄家",
        "friend": "找朋友的牌",
        "points": "抓分方得分：{}",
        "kitty": "底牌",
        "turn": "该出牌",
        "back": "上一步",
        "next": "下一步",
        "step": "第 {} 步，共 {} 步",
        "start": "开始",
        "submit": "出这些牌",
        "clear": "清除",
        "pick": "为{1}选{0}张牌，然后按“出这些牌”。",
        "pick_lead": "选出{}要领出的牌，然后按“出这些牌”。",
        "legal_right": "合法，而且正是答案。",
        "legal_wrong": "合法，但不是答案。",
        "illegal": "不合规则的出牌。",
        "starting": "正在启动规则引擎…",
        "engine_failed": "规则引擎无法启动：{}",
        "error": "无法显示此局面",
        "no_scenario": "没有给出局面：请加上 ?s=…（局面链接）或 ?src=文件.json。",
        "bad_link": "局面链接已损坏（不是 base64url 编码的 JSON）。",
        "bad_src": "无法读取局面文件：{}",
        "too_long": "局面链接太长（超过 {} 个字符）。",
        "hand_over": "这一副牌打完了。",
        "board": "桌上的牌",
        "trick": "这一墩",
    },
}


def say(lang: str, key: str, *args: object) -> str:
    """The text of ``key`` in ``lang`` (English for any other language), filled in."""
    text = (TEXT["zh"] if lang == "zh" else TEXT["en"])[key]
    return text.format(*args) if args else text


def local(lang: str, text: object) -> str:
    """A scenario's text (``{"en", "zh"}`` after checking) in ``lang``; "" for None."""
    if isinstance(text, dict):
        return str(text.get("zh" if lang == "zh" else "en", ""))
    return "" if text is None else str(text)
