"""Conformance with OpenSpiel's `maedn`, step by step.

The rulesets `maedn` (four players) and `maedn-2` (two players on opposite sides) reproduce the
rules of OpenSpiel's Mensch ärgere dich nicht (open_spiel 2.0.2, games/maedn). Each test here plays
seeded random games side by side: the same die for both engines at every chance node, and at
every decision it checks that the two engines have the same legal moves, that every legal move
leads to the same position in both, and that the game ends at the same step with the same winner.

The engines number things differently; the test translates:
- a die of value v is OpenSpiel's chance action v - 1 and our throw named `v`;
- OpenSpiel numbers a player's squares from its start field: relative field r (0 to 39 round
  the track, 40 to 43 its goal fields); our progress along the route is r + 1 (0 waiting);
- OpenSpiel's actions: 0 passes, 1 brings a piece in, 2 + r moves the piece on relative field r;
  our action for a move is found by the piece it moves.

Skipped, with the reason shown, where open_spiel is not installed, except under CI=true, where a
missing open_spiel fails (scripts/test-python installs it). PACHISI_CONFORMANCE_GAMES sets the
number of games per ruleset (default 1000)."""

import os
import random
from collections import Counter

import pytest

import pachisi

if os.environ.get("CI") == "true":
    import pyspiel  # noqa: F401  (fails the run where CI lacks open_spiel)
else:
    pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

import pyspiel  # noqa: E402

GAMES = int(os.environ.get("PACHISI_CONFORMANCE_GAMES", "1000"))

# OpenSpiel's board: 40 shared fields (10 per side) and 4 goal fields per player.
COMMON = 40
GOAL = 4
PASS, BRING_IN, FIELD = 0, 1, 2


def side_of(player: int, players: int) -> int:
    """The side of the board a maedn player sits on (two players sit opposite)."""
    return 3 - player if players == 2 and player in (1, 2) else player


def owner(tensor, index: int) -> int:
    """The player whose piece stands on a field of the observation tensor (-1 for none)."""
    cell = tensor[4 * index : 4 * index + 4]
    for player, flag in enumerate(cell):
        if flag:
            return player
    return -1


def maedn_position(state, players: int) -> list[list[int]]:
    """Every player's pieces as sorted relative fields (-1 for a piece off the board), read from
    player 0's observation tensor (fields from side 0, goal fields by player, then the pieces
    off the board by player)."""
    tensor = state.observation_tensor(0)
    fields = [[] for _ in range(players)]
    for f in range(COMMON):
        p = owner(tensor, f)
        if p >= 0:
            fields[p].append((f - 10 * side_of(p, players)) % COMMON)
    for p in range(4):
        for i in range(GOAL):
            q = owner(tensor, COMMON + p * GOAL + i)
            if q >= 0:
                assert q == p, f"player {q}'s piece in player {p}'s goal"
                fields[p].append(COMMON + i)
    out = tensor[4 * (COMMON + 4 * GOAL) : 4 * (COMMON + 4 * GOAL) + 4]
    for p in range(players):
        fields[p].extend([-1] * int(out[p]))
    return [sorted(f) for f in fields]


def our_position(state) -> list[list[int]]:
    """Every seat's pieces as the same sorted relative fields."""
    return [sorted(p - 1 for p in seat) for seat in state.pieces()]


def maedn_action_of(before: list[int], after: list[int]) -> int:
    """OpenSpiel's action for our move that took a seat's pieces (progress) from `before` to
    `after`."""
    gone = Counter(before) - Counter(after)
    come = Counter(after) - Counter(before)
    if not gone:
        return PASS
    assert sum(gone.values()) == 1 and sum(come.values()) == 1, f"{before} -> {after}"
    (source,) = gone
    return BRING_IN if source == 0 else FIELD + source - 1


def legal_outcomes(ours, theirs, players):
    """For every legal move of the position: {maedn action: (our action, position after)} in
    our engine, and {maedn action: position after} in OpenSpiel's."""
    seat = ours.current_player()
    before = ours.pieces()[seat]
    mine = {}
    for action in ours.legal_actions():
        after = ours.clone()
        after.apply_action(action)
        key = maedn_action_of(before, after.pieces()[seat])
        assert key not in mine, f"two of our moves are OpenSpiel's action {key}"
        mine[key] = (action, our_position(after))
    peer = {}
    for action in theirs.legal_actions():
        after = theirs.clone()
        after.apply_action(action)
        peer[action] = maedn_position(after, players)
    return mine, peer


def describe(ours, theirs, game_no, seed, step):
    return (
        f"game {game_no} (seed {seed}), step {step}\n"
        f"ours: {ours.to_notation()}\n{ours.to_record()}\n"
        f"OpenSpiel's:\n{theirs}\nhistory: {theirs.history()}"
    )


def play_side_by_side(game, peer, players, seed, game_no):
    """One game: returns the number of decisions compared."""
    rng = random.Random(seed)
    ours = game.new_initial_state()
    theirs = peer.new_initial_state()
    throw_of = None
    decisions = 0
    step = 0
    while True:
        step += 1
        where = lambda: describe(ours, theirs, game_no, seed, step)  # noqa: E731
        assert ours.is_terminal() == theirs.is_terminal(), where()
        if ours.is_terminal():
            ours_winner = [s for s, r in enumerate(ours.returns()) if r == max(ours.returns())]
            their_winner = [p for p, r in enumerate(theirs.returns()) if r > 0]
            assert ours_winner == their_winner, where()
            return decisions
        assert our_position(ours) == maedn_position(theirs, players), where()
        if theirs.is_chance_node():
            assert ours.is_chance_node(), where()
            if throw_of is None:
                throw_of = {int(ours.action_to_string(a)): a for a, _ in ours.chance_outcomes()}
            value = rng.randint(1, 6)
            theirs.apply_action(value - 1)
            ours.apply_action(throw_of[value])
            # OpenSpiel asks a player who cannot move to pass; our engine passes by itself.
            if theirs.legal_actions() == [PASS] and not ours.is_player_node():
                theirs.apply_action(PASS)
            continue
        assert ours.is_player_node(), where()
        assert ours.current_player() == theirs.current_player(), where()
        mine, peer = legal_outcomes(ours, theirs, players)
        assert sorted(mine) == sorted(peer), f"legal moves differ: ours {sorted(mine)}\n{where()}"
        for action, position in peer.items():
            assert mine[action][1] == position, f"after action {action}\n{where()}"
        chosen = rng.choice(sorted(peer))
        theirs.apply_action(chosen)
        ours.apply_action(mine[chosen][0])
        decisions += 1


@pytest.mark.parametrize("ruleset, players", [("maedn", 4), ("maedn-2", 2)])
def test_maedn_plays_as_openspiel_move_by_move(ruleset, players):
    game = pachisi.Game(ruleset)
    assert game.num_players() == players
    peer = pyspiel.load_game("maedn", {"players": players, "twoPlayersOpposite": True})
    decisions = 0
    for game_no in range(GAMES):
        decisions += play_side_by_side(game, peer, players, 1_000 * players + game_no, game_no)
    # Every game was compared to its end, through many decisions each.
    assert decisions > GAMES * 20


def test_the_translation_reads_both_starting_positions():
    """The translation itself: before any throw both engines have every piece off the board."""
    for ruleset, players in [("maedn", 4), ("maedn-2", 2)]:
        peer = pyspiel.load_game("maedn", {"players": players, "twoPlayersOpposite": True})
        ours = pachisi.Game(ruleset).new_initial_state()
        assert maedn_position(peer.new_initial_state(), players) == [[-1] * 4] * players
        assert our_position(ours) == [[-1] * 4] * players
