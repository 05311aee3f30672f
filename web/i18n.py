"""Every text of the table in English and Chinese, and the card/seat wording.

``t(lang, key, **params)`` formats one string; the whole UI goes through it, so
switching the language re-renders everything in the other language at once.
Rule codes of ``tractor.IllegalAction`` get a Chinese sentence each
(``RULE_ZH``); in English the engine's own message is shown.
"""

from __future__ import annotations

LANGUAGES = ("zh", "en")
DEFAULT_LANGUAGE = "zh"



def language_of(browser: str) -> str:
    """The table's language for a browser language tag: ``zh*`` → 中文, anything else English.

    >>> language_of("zh-TW"), language_of("en-GB"), language_of("")
    ('zh', 'en', 'en')
    """
    return "zh" if browser.strip().lower().startswith("zh") else "en"


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}

STRINGS: dict[str, tuple[str, str]] = {
    # key: (English, Chinese)
    "title": ("Tractor", "拖拉机"),
    "loading": ("Loading…", "加载中…"),
    # seats, relative to the player at the bottom
    "seat0": ("You", "你"),
    "seat1": ("Right", "下家"),
    "seat2": ("Across", "对家"),
    "seat3": ("Left", "上家"),
    "you_obj": ("you", "你"),
    "dealer_mark": ("Dealer", "庄"),
    "cards_left": ("{n} cards", "{n} 张"),
    "level_of": ("Level {rank}", "打{rank}"),
    "seat_points": ("{n} pts", "{n} 分"),
    "thinking": ("thinking…", "思考中…"),
    "winning": ("winning so far", "目前最大"),
    "friend_mark": ("Friend", "朋友"),
    "defender_mark": ("Defender", "庄家方"),
    # table indicators
    "trump_label": ("Trump", "主"),
    "no_trump": ("No trump", "无主"),
    "trump_undecided": ("not decided", "未定"),
    "level_label": ("Level", "级牌"),
    "declared_by": ("{name} declared {cards}", "{name} 亮主 {cards}"),
    "no_declaration_yet": ("No declaration yet", "还没有人亮主"),
    "attackers_points": ("Attackers' points", "闲家得分"),
    "penalty_points": ("penalty {n}", "罚分 {n}"),
    "friend_card": ("Friend card {card}", "朋友牌 {card}"),
    "friend_hidden": ("friend not yet revealed", "朋友尚未现身"),
    "friend_is": ("friend: {name}", "朋友：{name}"),
    "your_side_unknown": (
        "your side: unknown until the friend card is played",
        "你的阵营：朋友牌打出前未知",
    ),
    "friend_rule": (
        "Your friend is the first player after you, in playing order, who holds this card "
        "now; everyone learns who it is when they play it. If nobody else holds it, you "
        "play alone against three.",
        "按出牌顺序，你之后第一位手中有这张牌的玩家就是你的朋友；他打出这张牌时大家才知道。"
        "如果别人都没有这张牌，你一个人对三家。",
    ),
    "hand_no": ("Hand {n}", "第 {n} 局"),
    # buttons
    "play": ("Play", "出牌"),
    "play_n": ("Play ({n})", "出牌（{n}）"),
    "hint": ("Hint", "提示"),
    "autoplay": ("Autoplay", "托管"),
    "autoplay_on": ("Autoplay: on", "托管中"),
    "declare_label": ("Declare trump:", "亮主："),
    "no_options": ("nothing to declare", "没有可亮的牌"),
    "declared_strengthen": (
        "You declared. You may still strengthen it:", "你已亮主，还可以加固："
    ),
    "declared_nothing_more": (
        "You declared. Nothing more to declare.", "你已亮主，没有可以再亮的牌。"
    ),
    "pass": ("Pass", "不亮"),
    "pass_theft": ("Pass", "过"),
    "bury_n": ("Bury {k}/{n}", "扣底 {k}/{n}"),
    "call_friend": ("Call friend", "叫朋友"),
    "rank": ("Rank", "点数"),
    "suit": ("Suit", "花色"),
    "next_hand": ("Next hand", "下一局"),
    "new_match": ("New match", "新比赛"),
    "new_game": ("New game", "新游戏"),
    "settings": ("Settings", "设置"),
    "last_trick": ("Last trick", "上一轮"),
    "close": ("Close", "关闭"),
    "hand_name": ("Your hand", "手牌"),
    "other_language": ("中文", "English"),
    "switch_language": ("Switch language: 中文", "切换语言：English"),
    "show_result": ("Result", "结果"),
    "yes": ("Yes", "确定"),
    "no": ("Cancel", "取消"),
    "help_keys": (
        "Keys: ←/→ move through your cards · Space selects the card in focus · Enter plays "
        "(or buries, declares) the selected cards · H hint · A autoplay · Esc clears or closes",
        "快捷键：←/→ 在手牌间移动 · 空格 选中当前的牌 · 回车 出选中的牌（或扣底、亮主） · "
        "H 提示 · A 托管 · Esc 取消选择或关闭",
    ),
    # status line
    "status_loading": ("Loading…", "加载中…"),
    "status_dealing": ("Dealing… {dealt}/{total}", "发牌中… {dealt}/{total}"),
    "status_can_declare": (
        "Dealing… {dealt}/{total} — you may declare trump",
        "发牌中… {dealt}/{total} — 你可以亮主",
    ),
    "status_end_of_deal": (
        "All cards dealt: declare trump or pass",
        "发牌结束：请亮主或选择不亮",
    ),
    "status_declare_turn": ("Your turn: declare trump or pass", "轮到你：亮主或不亮"),
    "status_theft_turn": (
        "Overturn the trump and take the kitty, or pass",
        "炒地皮：反主并拿底牌，或者过",
    ),
    "status_bury": (
        "Choose {n} cards to bury (the kitty cards are marked), then press Bury",
        "选择 {n} 张牌扣底（底牌已标出），然后点「扣底」",
    ),
    "status_call": ("Name the friend card", "请叫朋友牌"),
    "status_lead": ("Your lead: select cards, then Play", "轮到你首发：选牌后出牌"),
    "status_follow": (
        "Your turn: follow with {n} card(s)",
        "轮到你跟牌：出 {n} 张",
    ),
    "status_thinking": ("{name}: thinking…", "{name}：思考中…"),
    "status_waiting": ("Waiting for {name}", "等待{name}"),
    "status_declaring": ("{name} to declare or pass", "等待{name}亮主或不亮"),
    "status_burying": ("{name} is burying the kitty", "{name}正在扣底"),
    "status_calling": ("{name} is naming the friend card", "{name}正在叫朋友"),
    "status_hand_over": ("Hand over — see the result", "本局结束，请看结果"),
    "status_match_over": ("Match over", "比赛结束"),
    "status_autoplay": ("Autoplay plays for you", "托管中，电脑替你出牌"),
    # messages
    "msg_declared": ("{name} declared {cards}", "{name} 亮主 {cards}"),
    "msg_stole": (
        "{name} overturned with {cards} and took the kitty",
        "{name} 用 {cards} 反主，拿走底牌",
    ),
    "msg_friend_revealed": (
        "{name} is the friend: the first player after the dealer who held {card}",
        "{name} 是朋友：庄家之后第一位持有{card}的玩家",
    ),
    "msg_not_friend": (
        "{name} played {card} but is not the friend: the friend is the first holder after "
        "the dealer, still hidden",
        "{name} 打出了{card}，但不是朋友：朋友是庄家之后第一位持有这张牌的玩家，尚未现身",
    ),
    "msg_hint": ("Hint: {what}", "提示：{what}"),
    "hint_pass": ("pass (do not declare)", "不亮"),
    "hint_call": ("call {card}", "叫 {card}"),
    "hint_cards": ("{cards} — {what}", "{cards}——{what}"),
    "why_wins_points": ("wins the trick and its {n} points", "赢下这一轮和其中的 {n} 分"),
    "why_wins_trick": ("wins the trick", "赢下这一轮"),
    "why_feeds_partner": (
        "gives {n} to your partner, who is winning",
        "给正在赢的队友送 {n} 分",
    ),
    "why_partner_winning": ("your partner is winning: play low", "队友正在赢：出小牌"),
    "why_keeps_trump_pair": (
        "keeps the trump pair to protect the kitty",
        "留住主对子保护底牌",
    ),
    "why_cannot_win": ("nothing wins this trick: give the least", "这一轮赢不了：垫最小的牌"),
    "why_throw_stands": (
        "the throw stands: nobody can beat it ({n} units)",
        "甩牌成功：没人能管上（{n} 组）",
    ),
    "why_lead_unbeatable": ("nobody can beat this lead", "没人能管上这手牌"),
    "why_lead_trump": ("leads trump to draw out the others' trumps", "吊主，逼出别人的主牌"),
    "why_lead_low": ("a cheap lead from a short suit", "从短门出小牌"),
    "why_bury_void": ("empties {n} side suit(s) of your hand", "扣底后手里少了 {n} 门副牌"),
    "why_bury_low": ("keeps points, pairs and trumps in hand", "留住分、对子和主牌"),
    "why_declare": ("{n} of your cards would be trumps", "你有 {n} 张牌会是主牌"),
    "why_pass": ("too weak to declare", "牌力不够，不亮"),
    "why_call_friend": ("a high card you do not hold", "叫一张你没有的大牌"),
    "not_allowed": ("Not allowed: {why}", "不能这样出：{why}"),
    "msg_no_hint": ("No hint now: it is not your move", "现在不是你的回合，没有提示"),
    "storage_full": (
        "Browser storage is full: the game could not be saved. Free some space "
        "(clear this site's data) to keep saving.",
        "浏览器存储空间已满，游戏无法保存。请清理本网站的数据后继续。",
    ),
    "storage_unavailable": (
        "Browser storage is not available: the game will not be saved.",
        "浏览器存储不可用，游戏不会被保存。",
    ),
    "save_not_ours": (
        "The saved game was not a Tractor save. A new match has started; the old data is kept "
        "under “{where}”.",
        "保存的数据不是拖拉机的存档，已开始新比赛；原数据保存在“{where}”。",
    ),
    "save_old_version": (
        "The saved game is from another version of this game and cannot be resumed. A new "
        "match has started; the old save is kept under “{where}”.",
        "存档来自其他版本，无法继续，已开始新比赛；原存档保存在“{where}”。",
    ),
    "save_damaged": (
        "The saved game is damaged and cannot be resumed. A new match has started; the "
        "damaged save is kept under “{where}”.",
        "存档已损坏，无法继续，已开始新比赛；损坏的存档保存在“{where}”。",
    ),
    "save_unkept": (
        "The saved game cannot be resumed and the full storage has no room to keep a copy: "
        "it is left untouched under “tractor.match”, and this new match is not saved.",
        "存档无法继续，且存储空间已满无法备份：原存档保留在“tractor.match”，新比赛不会被保存。",
    ),
    "settings_damaged": (
        "The saved settings were damaged and have been reset to the defaults; the old data "
        "is kept under “{where}”.",
        "保存的设置已损坏，已恢复默认设置；原数据保存在“{where}”。",
    ),
    "storage_damaged": (
        "Some saved data was damaged and has been reset; the old data is kept under “{where}”.",
        "部分保存的数据已损坏并已重置；原数据保存在“{where}”。",
    ),
    "storage_unreadable": (
        "Browser storage cannot be read: your saved game is left untouched, and this match "
        "will not be saved.",
        "无法读取浏览器存储：已保存的游戏保持原样，本局不会被保存。",
    ),
    "save_stuck": (
        "The saved game did not finish loading last time, so it was not loaded again. A new "
        "match has started; the save is kept under “{where}”.",
        "上次加载存档时未能完成，因此不再加载。已开始新比赛；原存档保存在“{where}”。",
    ),
    "save_was_stale": (
        "The last moves of this match could not be saved (the browser storage was full): "
        "it resumes from the last moment that was saved.",
        "上次的最后几步未能保存（浏览器存储已满）：从最后保存的时刻继续。",
    ),
    "hand_not_counted": (
        "This hand could not be saved (the browser storage is full), so it is not counted "
        "in the statistics. Free some space to keep saving.",
        "本局无法保存（浏览器存储已满），因此不计入统计。请清理空间后继续保存。",
    ),
    "elsewhere": (
        "This match is now being played in another tab; this tab has stopped saving. "
        "Continue here to take it over (the other tab then stops).",
        "这场比赛正在另一个标签页中进行，本页已停止保存。点“在此继续”即可接管（另一个标签页随即停止）。",
    ),
    "take_over": ("Continue here", "在此继续"),
    "taken_over": (
        "Continued here: the match as last saved by the other tab.",
        "已在此继续：使用另一个标签页最后保存的比赛。",
    ),
    "deal_link_refused": (
        "The shared link's deal could not be read, so it was not opened; nothing was changed.",
        "分享链接中的牌局无法读取，未打开；未做任何更改。",
    ),
    "engine_error": ("Internal error: {error}", "内部错误：{error}"),
    "resumed": ("Saved game resumed", "已恢复上次的游戏"),
    # confirmations
    "import_refused": (
        "That file is not a match record this game can play; nothing was changed. ({why})",
        "该文件不是可用的对局记录，未做任何更改。（{why}）",
    ),
    "confirm_deal": (
        "Play the shared deal? The current match will be abandoned.",
        "开始分享的牌局？当前比赛将被放弃。",
    ),
    "confirm_import": (
        "Continue the imported match from where it ends? The current match will be abandoned.",
        "从导入的对局结束处继续？当前比赛将被放弃。",
    ),
    "match_title": ("This match", "本场比赛"),
    "log": ("Log", "记录"),
    "card_counter": ("Card counter", "记牌器"),
    "counter_trumps": ("Trumps still out: {n}", "外面还有主牌 {n} 张"),
    "replay": ("Replay", "回放"),
    "replay_title": ("Replay", "回放"),
    "export_hand": ("Export this hand", "导出这一局"),
    "replay_start": ("The start of play: every hand face up", "开始出牌：四家的牌全部亮出"),
    "replay_trick": (
        "Trick {n}: won by {name}, {points} points",
        "第 {n} 轮：{name}赢，{points} 分",
    ),
    "replay_result": ("The end: attackers' points {n}", "结束：闲家得分 {n}"),
    "replay_played": ("played", "出"),
    "replay_back": ("◀ Back", "◀ 上一步"),
    "replay_next": ("Next ▶", "下一步 ▶"),
    "history_title": ("Past hands", "历史牌局"),
    "history_hand": ("Hand {n}", "第 {n} 局"),
    "history_item": ("{date} · hand {n}: {outcome} ({points} points) · {rules}",
                     "{date} · 第 {n} 局：{outcome}（闲家 {points} 分）· {rules}"),
    "auto_next": ("Under autoplay, start the next hand by itself",
                  "托管时自动开始下一局"),
    "history_line": (
        "{n} hand(s) kept in this browser (the last 50), {kb} KB",
        "本浏览器保存了 {n} 局（最近 50 局），{kb} KB",
    ),
    "undo": ("Undo", "悔牌"),
    "undo_setting": ("Undo my last action (悔牌)", "允许悔牌"),
    "msg_undone": ("Your last action was taken back", "已撤回你的上一步"),
    "stats_undo": ("{n} match(es) with undo", "其中 {n} 场用过悔牌"),
    "log_title": ("Hand log: {n} trick(s)", "本局记录：{n} 轮"),
    "log_empty": ("Nothing played yet.", "还没有出牌。"),
    "log_declared": ("{name} declared", "{name}亮主"),
    "log_trick": ("Trick {n}", "第 {n} 轮"),
    "log_points": ("Point cards won:", "得分牌："),
    "log_defenders": ("defenders", "庄家方"),
    "log_attackers": ("attackers", "闲家方"),
    "log_led": ("{name} led a {kind}", "{name}首出{kind}"),
    "log_throw_failed": ("tried to throw {cards}, which failed", "甩 {cards} 失败"),
    "log_won": ("won by {name}, {n} points", "{name}赢，{n} 分"),
    "log_friend": ("{name} showed the friend card", "{name}亮出朋友牌"),
    "lead_single": ("single", "单张"),
    "lead_pair": ("pair", "对子"),
    "lead_triple": ("triple", "三张"),
    "lead_tractor": ("tractor", "拖拉机"),
    "lead_titanic": ("Titanic", "泰坦尼克"),
    "lead_throw": ("throw", "甩牌"),
    "share": ("Share this deal", "分享这副牌"),
    "how_to_play": ("How to play", "玩法教程"),
    "rules_summary": ("Rules in one page", "规则一页纸"),
    "welcome": ("New to Tractor? Learn it in a few minutes:", "第一次玩拖拉机？几分钟学会："),
    "share_position": ("Share this position", "分享此局面"),
    "position_hint": (
        "This link shows the current trick from your seat (your cards only, the others as "
        "card backs):",
        "此链接从你的座位显示当前这一墩（只有你的牌，其他人的牌背面朝上）：",
    ),
    "position_iframe": ("To embed it in a page:", "嵌入网页："),
    "share_hint": (
        "Anyone who opens this link plays the same cards with the same rules:",
        "打开此链接的人将以相同规则打同样的牌：",
    ),
    "export": ("Export the match (file)", "导出对局（文件）"),
    "import": ("Import a match record", "导入对局记录"),
    "confirm_new_game": (
        "Abandon the current match and start a new one?",
        "放弃当前比赛并开始新比赛？",
    ),
    "confirm_rules": (
        "Changing the rules starts a new match; the current match will be lost. Continue?",
        "更改规则会开始新比赛，当前比赛将丢失。继续吗？",
    ),
    # trick area
    "last_trick_title": (
        "Last trick — won by {name}, {points} points",
        "上一轮：{name}赢，{points} 分",
    ),
    "no_last_trick": ("No trick played yet", "还没有出过牌"),
    "throw_failed": (
        "{name}'s throw {attempted} failed: {forced} had to be played ({beater} holds {beaten_by})",
        "{name}甩牌 {attempted} 失败：只能出 {forced}（{beater}有 {beaten_by}）",
    ),
    "throw_failed_own": (
        "Your throw {attempted} failed: {forced} had to be played ({beater} holds {beaten_by})",
        "你甩牌 {attempted} 失败：只能出 {forced}（{beater}有 {beaten_by}）",
    ),
    "throw_penalty_note": ("penalty {n} points", "罚 {n} 分"),
    # hand result
    "result_title": ("Hand {n} result", "第 {n} 局结果"),
    "kitty": ("Kitty", "底牌"),
    "kitty_line": (
        "Kitty points {points} × {mult} = {bonus}",
        "底牌分 {points} × {mult} = {bonus}",
    ),
    "kitty_not_won": (
        "Kitty points {points}: the defenders won the last trick, so the kitty counts for "
        "nobody",
        "底牌分 {points}：庄家方赢得最后一轮，底分不计",
    ),
    "trick_points": ("Points won in tricks: {n}", "闲家捡分：{n}"),
    "penalty_line": ("Throw penalties: {n}", "甩牌罚分：{n}"),
    "attackers_total": ("Attackers' points: {n}", "闲家总分：{n}"),
    "defenders_up": ("Defenders go up {n} level(s)", "庄家方升 {n} 级"),
    "attackers_take": ("Attackers take the deal", "闲家上台"),
    "attackers_up": ("Attackers take the deal and go up {n} level(s)", "闲家上台并升 {n} 级"),
    "your_side_won": ("Your side wins this hand", "你方赢了这一局"),
    "your_side_lost": ("Your side loses this hand", "你方输了这一局"),
    "levels_now": ("Levels now", "现在的级别"),
    "next_dealer": ("Next dealer: {name}", "下一局庄家：{name}"),
    "defenders_were": ("Defenders: {names}", "庄家方：{names}"),
    "plays_alone": ("{name} played alone against three", "{name}一打三"),
    "match_winner": ("{names} win the match!", "{names}赢得比赛！"),
    "you_win_match": ("Your side wins the match!", "你方赢得比赛！"),
    "you_lose_match": ("Your side lost the match.", "你方输掉了比赛。"),
    "and": (" and ", "和"),
    # settings panel
    "settings_title": ("Settings", "设置"),
    "rules_title": ("Rules (changing them starts a new match)", "规则（更改后开始新比赛）"),
    "apply_rules": ("Apply rules and start a new match", "应用规则并开始新比赛"),
    "display_title": ("Display", "显示"),
    "speed": ("Animation speed", "动画速度"),
    "speed_slow": ("slow", "慢"),
    "speed_normal": ("normal", "中"),
    "speed_fast": ("fast", "快"),
    "speed_instant": ("instant", "瞬间"),
    "language": ("Language", "语言"),
    "four_color": (
        "Four-colour suits (♠ black, ♥ red, ♣ green, ♦ blue)",
        "四色花色（♠黑 ♥红 ♣绿 ♦蓝）",
    ),
    "strength_of": ("Strength: {name}", "{name}的水平"),
    "helper": ("Strength: hint and autoplay", "提示与托管的水平"),
    "auto_declare": ("Declare for me (自动叫主)", "自动叫主"),
    "player_random": ("random (very weak)", "随机（很弱）"),
    "player_easy": ("easy", "简单"),
    "player_normal": ("normal", "普通"),
    "player_hard": ("hard", "困难"),
    "stats_title": ("Statistics", "统计"),
    "stats_line": (
        "Hands played {hands}, won {hands_won} · Matches played {matches}, won {matches_won}",
        "已打 {hands} 局，赢 {hands_won} 局 · 比赛 {matches} 场，赢 {matches_won} 场",
    ),
    "about": ("About", "关于"),
    "worker_loading": ("computer players: starting the worker…", "电脑玩家：后台线程启动中…"),
    "worker_ready": (
        "computer players think in a worker (Ready: {info})",
        "电脑玩家在后台线程思考（Ready: {info}）",
    ),
    "worker_failed": (
        "worker unavailable ({error}); computer players think on the page",
        "后台线程不可用（{error}），电脑玩家在页面中思考",
    ),
    # rule options (RULES §6)
    "rule_decks": ("Decks", "几副牌"),
    "rule_partners": ("Partners", "打法"),
    "rule_scoring": ("Scoring", "计分"),
    "rule_declare_window": ("Declaring", "亮主时机"),
    "rule_first_dealer": ("First dealer", "首局庄家"),
    "rule_no_declaration": ("When nobody declares", "无人亮主时"),
    "rule_twos_always_trump": ("2s are always trump", "2 为常主"),
    "rule_kitty_theft": ("Kitty theft (炒地皮)", "炒地皮"),
    "rule_throw_penalty": ("Failed throw penalty (10 points)", "甩牌失败罚 10 分"),
    "opt_decks_1": ("1 deck", "一副"),
    "opt_decks_2": ("2 decks", "两副"),
    "opt_decks_3": ("3 decks", "三副"),
    "opt_partners_fixed": ("fixed partners (across)", "固定对家"),
    "opt_partners_find_friend": ("find a friend", "找朋友"),
    "opt_scoring_standard": ("standard", "标准"),
    "opt_scoring_qq": ("QQ", "QQ 升级"),
    "opt_declare_window_during_deal": ("during the deal", "发牌时亮主"),
    "opt_declare_window_after_deal": ("after the deal, in turn", "发牌后轮流亮主"),
    "opt_first_dealer_declarer": ("the final declarer", "最后亮主者"),
    "opt_first_dealer_first_declarer": ("the first declarer", "最先亮主者"),
    "opt_no_declaration_kitty_third_card": ("the kitty's third card fixes trump", "底牌第三张定主"),
    "opt_no_declaration_no_trump": ("no trump", "无主"),
    "opt_bool_False": ("off", "关"),
    "opt_bool_True": ("on", "开"),
    "joker_big": ("Big joker", "大王"),
    "joker_small": ("Small joker", "小王"),
    "joker_big_short": ("BJ", "大王"),
    "joker_small_short": ("SJ", "小王"),
    "nt_suffix": ("(no trump)", "（无主）"),
}

RULE_ZH: dict[str, str] = {
    "wrong_count": "出牌的张数必须和首家出的张数相同。",
    "not_in_hand": "你手里没有这些牌。",
    "follow_suit": "你有首家出的那门花色，必须先跟这门花色的牌。",
    "follow_titanic": "首家出了泰坦尼克（相连的三张同牌），你有相应的牌型就必须跟出。",
    "follow_triples": "首家出了三张同牌，你有三张同牌就必须跟三张。",
    "follow_tractor": "首家出了拖拉机，你有同门花色的拖拉机就必须跟拖拉机。",
    "follow_pairs": "首家出了对子，你有同门花色的对子就必须跟对子。",
    "lead_one_suit": "首发的牌必须是同一门花色（所有主牌算一门）。",
    "empty_play": "请先选择要出的牌。",
    "not_your_turn": "还没轮到你。",
    "wrong_phase": "现在不能这样做。",
    "bad_action": "这不是一个有效的动作。",
    "declare_cards": "亮主必须用一张、两张或三张相同的级牌，或一对（三张）相同的王亮无主。",
    "declare_once": "一副牌时以第一个亮主为准，不能再反主。",
    "declare_own_suit": "你只能加固自己亮的同一花色，不能改亮其他花色。",
    "declare_weaker": "反主必须比当前亮的主更强。",
    "bury_count": "必须正好扣下和底牌同样多的牌。",
    "friend_joker": "朋友牌不能是王。",
    "match_over": "比赛已经结束。",
}
"""A Chinese sentence for every ``IllegalAction.rule`` code of the engine."""


def t(lang: str, key: str, **params: object) -> str:
    """The text ``key`` in ``lang`` (``en`` or ``zh``), formatted with ``params``."""
    english, chinese = STRINGS[key]
    text = chinese if lang == "zh" else english
    return text.format(**params) if params else text


def rule_sentence(lang: str, rule: str, message: str) -> str:
    """Why an action was refused: the Chinese sentence for ``rule``, or the English message."""
    if lang == "zh":
        return RULE_ZH.get(rule, RULE_ZH["wrong_phase"])
    return message[:1].upper() + message[1:] if message else rule


def seat_name(lang: str, seat: int) -> str:
    """Name of a seat as seen by the player at seat 0."""
    return t(lang, f"seat{seat}")


def seat_names(lang: str, seats: list[int]) -> str:
    """Several seat names joined with "and"."""
    names = [seat_name(lang, s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t(lang, "and") + names[-1]


def card_label(lang: str, card: str) -> str:
    """A card as short text: ``10♥``, ``A♠``, or the joker's name."""
    if card == "BJ":
        return t(lang, "joker_big")
    if card == "SJ":
        return t(lang, "joker_small")
    return card[:-1] + SUIT_SYMBOLS.get(card[-1:], "?")


def cards_label(lang: str, cards: list[str]) -> str:
    """Several cards as short text separated by spaces."""
    return " ".join(card_label(lang, card) for card in cards)


def option_label(lang: str, name: str, value: object) -> str:
    """Label of one value of a rule option in the settings panel."""
    if isinstance(value, bool):
        return t(lang, f"opt_bool_{value}")
    return t(lang, f"opt_{name}_{value}")
