"""The search bot's parts: the games' playout policies (legal, and acting only on what the
seat knows) and the prior that the search overrules only on evidence."""

from __future__ import annotations

import random

import pytest

from kaboom.bots.ismcts import IsmctsBot, Node, Pairs, _better, _distinct
from kaboom.bots.make import make_bot
from kaboom.engine import BadInput, PlayerView, new_game
from kaboom.engine.registry import get_game, list_games
from kaboom.games.board import rollout as board_rollout
from kaboom.games.board.state import BoardGameState
from kaboom.games.kittens import rollout as kittens_rollout
from kaboom.games.kittens.state import OVER, KittensState

GAMES = [spec.game_id for spec in list_games()]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_playout_policy_plays_whole_games_legally(game: str, players: int) -> None:
    for seed in range(5):
        state = new_game(game, players, seed)
        policy = get_game(game).playout.policy
        rng = random.Random(seed)
        for _ in range(5000):
            if state.is_over:
                break
            action = policy(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.is_over


def kittens(setup: dict[str, object], players: int = 2) -> KittensState:
    state_class = get_game("exploding-kittens").state_class
    state = state_class.rig(players, {}, 1, setup)
    assert isinstance(state, KittensState)
    return state


def test_playout_seat_escapes_a_bomb_it_saw() -> None:
    """See the Future (docs/rulings.md §1): a seat that saw the bomb on top skips, not draws."""
    pile = ["exploding-kitten", "tacocat", "beard-cat", "cattermelon"]
    state = kittens({"hands": [["see-the-future", "skip"], ["tacocat"]], "draw_pile": pile})
    state.apply_text("play see-the-future")
    state.apply_text("pass")  # seat 1 is asked too (docs/rulings.md §1) and lets it go
    choices = {
        state.action_text(kittens_rollout.policy(state, random.Random(k))) for k in range(30)
    }
    assert choices == {"play skip"}


def test_playout_seat_never_peeks_at_the_deck() -> None:
    """Without having seen it, the bomb on top changes nothing: the seat mostly draws."""
    pile = ["exploding-kitten"] + ["tacocat"] * 9
    state = kittens({"hands": [["defuse", "skip"], ["tacocat"]], "draw_pile": pile})
    safe = kittens({"hands": [["defuse", "skip"], ["tacocat"]], "draw_pile": pile[::-1]})
    for k in range(30):
        assert kittens_rollout.policy(state, random.Random(k)) == kittens_rollout.policy(
            safe, random.Random(k)
        )


def test_playout_seat_nopes_an_attack_on_it_and_gives_its_cheapest_card() -> None:
    state = kittens({"hands": [["attack", "favor"], ["nope", "defuse", "tacocat"]],
                     "draw_pile": ["tacocat"] * 5})  # fmt: skip
    state.apply_text("play attack")
    picks = [state.action_text(kittens_rollout.policy(state, random.Random(k))) for k in range(40)]
    assert "nope" in picks and picks.count("nope") > picks.count("pass")
    favor = kittens({"hands": [["favor"], ["defuse", "tacocat"]], "draw_pile": ["tacocat"] * 5})
    favor.apply_text("play favor @1")
    favor.apply_text("pass")  # the target is asked first whether it Nopes; it holds none
    assert favor.action_text(kittens_rollout.policy(favor, random.Random(0))) == "give tacocat"


def test_playout_seat_steals_from_the_richest_hand_as_the_heuristic_does() -> None:
    """Cheap pairs go at the richest hand; a Favor only without a Defuse."""
    pile = ["tacocat"] * 8
    hands = [["beard-cat", "beard-cat"], ["nope"], ["skip", "attack", "tacocat"], []]
    state = kittens({"hands": hands, "draw_pile": pile}, 4)
    picks = [state.action_text(kittens_rollout.policy(state, random.Random(k))) for k in range(20)]
    assert picks == ["pair beard-cat @2"] * 20
    favor = [["favor", "defuse"], ["nope"], ["skip", "attack"], []]
    kept = kittens({"hands": favor, "draw_pile": pile}, 4)
    assert kept.action_text(kittens_rollout.policy(kept, random.Random(1))) == "draw"
    favor[0].remove("defuse")
    asks = kittens({"hands": favor, "draw_pile": pile}, 4)
    assert asks.action_text(kittens_rollout.policy(asks, random.Random(1))) == "play favor @2"


def test_board_playout_seat_defuses_and_flips_away_from_a_kitten() -> None:
    state = new_game("kittens-board-game", 2, 3)
    assert isinstance(state, BoardGameState)
    rng = random.Random(0)
    for _ in range(3000):
        if state.is_over:
            break
        phase = state.observe(None)["phase"]
        action = board_rollout.PLAYOUT.policy(state, rng)
        if phase == "landed":  # every mover decides: defuse when it can
            holds = state.hands[state.actor][state.box.card("defuse")] > 0
            assert state.action_text(action) == ("defuse" if holds else "explode")
        state.apply(action)


def test_the_search_keeps_the_prior_move_without_evidence() -> None:
    """One playout proves nothing: the bot plays its rule of thumb's move."""
    state = new_game("exploding-kittens", 4, 2)
    view = PlayerView(state, state.to_act or 0)
    heuristic = make_bot("heuristic", 0, "exploding-kittens")
    bot = IsmctsBot(5, iterations=1, prior=make_bot("heuristic", 0, "exploding-kittens"))
    assert bot.act(view) == heuristic.act(view)


def test_paired_rounds_spend_the_budget_exactly_and_replay_under_a_seed() -> None:
    """Every iteration of the budget is spent (rounds stop mid-way at the limit), and the
    same seed gives the same move; the classic root (``paired=0``) plays legally too."""
    state = new_game("exploding-kittens", 4, 3)
    view = PlayerView(state, state.to_act or 0)
    moves = []
    for _ in range(2):
        bot = make_bot("ismcts:iterations=37", 9, "exploding-kittens")
        assert isinstance(bot, IsmctsBot) and bot.paired
        moves.append(bot.act(view))
        assert bot.last_iterations == 37
    assert moves[0] == moves[1] and moves[0] in state.legal_actions()
    classic = make_bot("ismcts:iterations=37:paired=0", 9, "exploding-kittens")
    assert isinstance(classic, IsmctsBot) and not classic.paired
    assert classic.act(view) in state.legal_actions()


def test_the_tree_grows_only_as_deep_as_its_depth() -> None:
    """``depth`` (or the game's ``State.tree_depth``) stops the tree: at depth 1 the root's
    moves are its only nodes and the playout policy plays every move after them."""
    state = new_game("exploding-kittens", 2, 3)
    view = PlayerView(state, state.to_act or 0)
    for depth, deepest in ((1, 1), (2, 2), (None, 3)):
        bot, root = IsmctsBot(4, depth=depth), Node()
        for _ in range(300):
            bot._iterate(root, view.determinize(bot.rng))
        assert _depth(root) == deepest if depth else _depth(root) >= deepest
    bad = "ismcts:depth=-1"
    with pytest.raises(BadInput, match="depth"):
        make_bot(bad, 1, "exploding-kittens")
    deep = make_bot("ismcts:iterations=20:depth=1", 1, "exploding-kittens")
    assert isinstance(deep, IsmctsBot) and deep.depth == 1
    # Eleminis's later moves place cards not yet drawn: its tree stops at the root's moves.
    assert get_game("eleminis").playout.tree_depth == 1
    assert get_game("exploding-kittens").playout.tree_depth is None
    eleminis = new_game("eleminis", 2, 1)
    bot, root = IsmctsBot(4), Node()
    bot.playout = get_game("eleminis").playout  # as ``choose`` reads it from the registry
    for _ in range(100):
        bot._iterate(root, PlayerView(eleminis, 0).determinize(bot.rng))
    assert _depth(root) == 1


def _depth(node: Node) -> int:
    return 1 + max(map(_depth, node.children.values())) if node.children else 0


def test_paired_differences_overrule_only_beyond_their_noise() -> None:
    """Paired on the same deals, a small steady gain is evidence; a few pairs, or a gain
    lost in large swings, is not."""
    steady, few, swings = Pairs(), Pairs(), Pairs()
    for k in range(200):
        steady.add(0.03 + 0.01 * (k % 3 - 1))
        swings.add(0.03 + (1.0 if k % 2 else -1.0))
    for _ in range(2):
        few.add(0.5)
    assert steady.beyond_noise(1.0)
    assert not few.beyond_noise(1.0) and not swings.beyond_noise(1.0)


def test_the_search_compares_a_move_once_whichever_slot_it_takes() -> None:
    """Eleminis rows are unordered (rulebook, "Winning the Game"): the same card into either
    empty slot of a row is one move to the search, and the prior's choice stands for it."""
    rows = [["air", None, None, "rock", None], [None, None, "air", None, None]]
    state = get_game("eleminis").state_class.rig(2, {}, 1, {"rows": rows, "drawn": "water"})
    legal = state.legal_actions()
    distinct = state.distinct_actions(legal)
    assert [state.action_text(a) for a in distinct] == [
        "play water -> p0.2", "play water -> p0.4", "play water -> p1.1"
    ]  # fmt: skip
    assert len(legal) == 8  # two rows' empty slots (7) and over the Rock (p0.4)
    later = next(a for a in legal if state.action_text(a) == "play water -> p0.5")
    moves = _distinct(PlayerView(state, 0), legal, later)
    assert later in moves and len(moves) == 3
    kittens = new_game("exploding-kittens", 4, 1)
    assert kittens.distinct_actions(kittens.legal_actions()) == kittens.legal_actions()


def test_better_needs_a_margin_beyond_noise() -> None:
    root = Node()
    won = {
        1: Node(1, 0, visits=100, wins=55, squares=55),
        2: Node(2, 0, visits=100, wins=50, squares=50),
    }
    root.children = won
    assert not _better(root, 1, 2)  # 5 points on 100 wins-or-losses each: noise
    root.children[1] = Node(1, 0, visits=400, wins=300, squares=300)
    assert _better(root, 1, 2)
    # Judged positions vary less than wins and losses: the same 5 points can be evidence.
    root.children = {1: Node(1, 0, visits=100, wins=55, squares=30.5),
                     2: Node(2, 0, visits=100, wins=50, squares=25.4)}  # fmt: skip
    assert _better(root, 1, 2)
    assert not _better(Node(children={1: Node(1, 0, visits=1, wins=1, squares=1)}), 1, 2)


def test_playouts_cut_short_judge_the_position() -> None:
    """The board game judges a playout stopped at its horizon by where the seats stand;
    Eleminis gives the side nearer a complete row the better chance; a game played to its
    end, its winners."""
    state = board({"positions": [5, 19, 20]})
    assert board_rollout.PLAYOUT.horizon(state)
    behind, ahead, further = board_rollout.PLAYOUT.result(state)
    assert behind < ahead < further and behind + ahead + further == pytest.approx(1.0)
    rows = [["air", "water", "rock", None, None], [None, None, "air", None, None]]
    eleminis = get_game("eleminis").state_class.rig(2, {}, 1, {"rows": rows, "drawn": "star"})
    ahead, behind = get_game("eleminis").playout.result(eleminis)
    assert ahead > 0.6 and ahead + behind == pytest.approx(1.0)
    over = kittens({"hands": [["defuse"], [], []], "draw_pile": ["tacocat"]}, 3)
    assert kittens_rollout.playout_horizon(over)
    over.alive[1] = over.alive[2] = False
    over.winner, over.phase = 0, OVER  # over: the winner's
    assert kittens_rollout.result(over) == [1.0, 0.0, 0.0]


def test_two_player_exploding_playouts_go_to_the_end() -> None:
    """At two players a playout is short and plays out to the end; from three, it stops at
    the horizon and the judge scores it."""
    for game in ("exploding-kittens", "exploding-minions", "dynamitt"):
        assert get_game(game).playout.horizon(new_game(game, 2, 1)) is None
        assert get_game(game).playout.horizon(new_game(game, 4, 1)) == kittens_rollout.HORIZON
    assert kittens_rollout.horizon(3) == kittens_rollout.HORIZON


board_policy = board_rollout.PLAYOUT.policy


def board(setup: dict[str, object], players: int = 3) -> BoardGameState:
    state = get_game("kittens-board-game").state_class.rig(players, {}, 1, setup)
    assert isinstance(state, BoardGameState)
    return state


def test_board_playout_swaps_spaces_with_a_far_leader() -> None:
    """Like the heuristic, a seat holding Swap Spaces swaps with a leader ``SWAP_LEAD``
    spaces ahead; with the leader nearer, or no Swap Spaces, it draws (or wanders)."""
    hands = [["swap-spaces", "nope"], ["skip"], ["skip"]]
    lead = board_rollout.SWAP_LEAD
    far = board({"positions": [2, 2 + lead, 1], "hands": hands})
    assert {far.action_text(board_policy(far, random.Random(k))) for k in range(20)} == {
        "play swap-spaces @1"
    }
    no_swap = [["nope"], ["skip"], ["skip"]]
    for positions, held in (([2, 1 + lead, 1], hands), ([2, 2 + lead, 1], no_swap)):
        near = board({"positions": positions, "hands": held})
        plays = [near.action_text(board_policy(near, random.Random(k))) for k in range(40)]
        assert "play swap-spaces @1" not in plays and plays.count("draw") > 30


def test_board_judge_weighs_the_track_the_hand_and_the_kittens_ahead() -> None:
    """Seats alike are judged alike; a Defuse or Swap Spaces in hand raises a seat's chance;
    ``danger`` counts the Exploding Kitten spaces within reach on the side showing."""
    plain = [["skip"], ["skip"], ["skip"]]
    _, one, two = board_rollout.PLAYOUT.result(board({"hands": plain}))
    assert one == pytest.approx(two)
    for card in ("defuse", "swap-spaces"):
        _, held, other = board_rollout.PLAYOUT.result(
            board({"hands": [["skip"], [card], ["skip"]]})
        )
        assert held > other

    def danger(side: str) -> list[float]:
        features = board_rollout.features(board({"positions": [0, 1, 3], "side": side}))
        return [f["danger"] for f in features if f is not None]

    assert danger("calm") == pytest.approx([0.0, 1 / 6, 1 / 6])  # 7 is in reach of 1 and 3
    assert danger("chaos") == pytest.approx([1 / 6, 1 / 6, 2 / 6])  # 4 of all, 8 of 3


def test_exploding_judge_weighs_defuses_escapes_and_the_risk_of_drawing() -> None:
    """A seat's judged chance rises with a Defuse and with a way out, falls for the seat
    that must draw from a pile of bombs and for turns it owes; the fallen have none, and the
    chances of the living sum to one."""
    pile = ["exploding-kitten", "tacocat", "exploding-kitten", "cattermelon"]
    plain = ["tacocat", "beard-cat"]
    base = {"hands": [plain, plain, plain, plain], "draw_pile": pile, "current": 3}
    even = kittens_rollout.result(kittens(base, 4))
    assert even[0] == pytest.approx(even[1]) == pytest.approx(even[2])
    assert even[0] > even[3]
    assert sum(even) == pytest.approx(1.0)
    richer = kittens({**base, "hands": [[*plain, "defuse"], plain, [*plain, "skip"], plain]}, 4)
    chance = kittens_rollout.result(richer)
    assert chance[0] > chance[2] > chance[1]
    owing = kittens_rollout.result(kittens({**base, "turns_owed": 2}, 4))
    assert owing[3] < even[3]
    fallen = kittens_rollout.result(kittens({**base, "alive": [True, False, True, True]}, 4))
    assert fallen[1] == 0.0 and sum(fallen) == pytest.approx(1.0)


def test_eleminis_judge_prefers_stars_and_clean_rows_and_shares_a_team_chance() -> None:
    """Stars (which nothing replaces) beat Eleminis, Trash counts against a row, and in a
    team game teammates share their side's chance."""
    rig, judge = get_game("eleminis").state_class.rig, get_game("eleminis").playout.result
    stars = [["star", "star", None, None, None], ["air", "water", None, None, None]]
    assert judge(rig(2, {}, 1, {"rows": stars, "drawn": "move"}))[0] > 0.5
    trash = [["air", "water", "trash", None, None], ["air", "water", None, None, None]]
    assert judge(rig(2, {}, 1, {"rows": trash, "drawn": "move"}))[0] < 0.5
    rows = [["air", "water", "rock", "fire", None]] + [[None] * 5] * 3
    team = judge(rig(4, {"teams": 2}, 1, {"rows": rows, "drawn": "move"}))
    assert team[0] == team[2] > team[1] == team[3]
    assert sum(team) == pytest.approx(1.0)


def test_eleminis_playout_completes_its_own_row() -> None:
    """The best-looking option is the Elemini that completes your row (docs/rulings.md §6)."""
    rows = [["air", "water", "rock", "fire", None], [None, None, "air", None, None]]
    setup = {"rows": rows, "drawn": "plant", "deck": ["star"] * 5}
    state = get_game("eleminis").state_class.rig(2, {}, 1, setup)
    policy = get_game("eleminis").playout.policy
    picks = [state.action_text(policy(state, random.Random(k))) for k in range(40)]
    assert picks.count("play plant -> p0.5") > 30, picks
