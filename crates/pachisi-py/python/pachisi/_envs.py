"""What the PettingZoo and Gymnasium environments share: observation bounds, throws drawn from a
NumPy generator, the text of a position. Needs NumPy only."""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np

from ._pachisi import Game, State

OptionValue = Union[bool, int, float, str, Sequence[Any]]
Options = Union[Mapping[str, OptionValue], Sequence[str], None]

# Fields of the observation that count things (captures credited, increments in the pool, a
# streak's length) rather than share or flag them: the engine keeps each count in a byte.
_COUNT_HIGH = 255.0


def make_game(ruleset: Union[str, Game], options: Options) -> Game:
    """A `Game` from a ruleset's name or path and its options, or a `Game` as it is."""
    if isinstance(ruleset, Game):
        if options:
            raise ValueError("give the options to the Game itself, or a ruleset name with set=")
        return ruleset
    return Game(ruleset, set=options)


def observation_bounds(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The lowest and highest value of every entry of `game`'s observation tensor: shares and
    flags lie in [0, 1], counts in [0, 255]."""
    (size,) = game.observation_shape()
    low = np.zeros(size, dtype=np.float32)
    high = np.ones(size, dtype=np.float32)
    for name, start, shape in game.observation_layout():
        length = int(np.prod(shape))
        if name in ("credits", "pool"):
            high[start : start + length] = _COUNT_HIGH
        elif name == "turn":
            high[start + 1] = _COUNT_HIGH  # the streak's length
    return low, high


class ThrowDrawer:
    """Draws throws with `game`'s exact probabilities from a NumPy generator."""

    def __init__(self, game: Game) -> None:
        probabilities = np.array([p for _, p in game.throws()], dtype=np.float64)
        self._cumulative = np.cumsum(probabilities)
        self._last = len(probabilities) - 1

    def draw(self, rng: np.random.Generator) -> int:
        """A throw's chance action."""
        u = rng.random()
        return int(min(np.searchsorted(self._cumulative, u, side="right"), self._last))

    def play_chance(self, state: State, rng: np.random.Generator) -> None:
        """Applies throws to `state` until a decision is due or the game is over."""
        while state.is_chance_node():
            state.apply_action(self.draw(rng))


def position_text(state: Optional[State]) -> str:
    """The text `render()` gives in mode "ansi": the ruleset's title, the position in notation,
    whose turn it is and the legal moves."""
    if state is None:
        return "(no game: call reset() first)\n"
    game = state.game
    lines = [game.title, state.to_notation()]
    if state.is_terminal():
        places = ", ".join(str(team) for team in state.placings())
        lines.append(f"game over; teams in the order they finished: {places}")
    else:
        seat = state.seat_to_move()
        lines.append(f"to move: seat {seat} ({game.seat_letter(seat)})")
        if state.is_player_node():
            lines.append("legal moves: " + " ".join(state.legal_moves()))
    return "\n".join(lines) + "\n"


def mask_int8(state: State) -> np.ndarray:
    """The legal-action mask as int8 (1 legal, 0 not)."""
    return state.legal_actions_mask().astype(np.int8)
