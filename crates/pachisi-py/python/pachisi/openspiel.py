"""Every built-in ruleset as an OpenSpiel Python game (needs ``open_spiel``).

Importing this module registers, for each name of ``pachisi.rulesets()``, a pyspiel game named
``python_pachisi_<ruleset>`` (hyphens as underscores: ``python_pachisi_ludo``,
``python_pachisi_parcheesi_sr``), so that ``pyspiel.load_game`` loads it and OpenSpiel's
algorithms (MCTS, for one) play it. ``import pachisi`` alone imports nothing of OpenSpiel.

The game is sequential with explicit stochastic chance (every throw a chance outcome with its
exact probability), of perfect information, with terminal rewards (``State.returns()``),
zero-sum when every team has as many seats as every other (every built-in ruleset), and
provides an observation tensor (``State.observation_tensor(player)``) and an observation string
(the position in one-line notation). The one game parameter ``set`` carries the ruleset's
options as ``field=value`` (or ``field:value``) entries separated by ``;``
(``"players.pieces=2;moves.split=true"``); the game keeps them as ``field:value`` with ``|`` between
a list's items, the form its string (``python_pachisi_ludo(set=throw.grace:[1|6])``) can carry
through ``pyspiel.serialize_game_and_state``.
docs/python.md documents it.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

from ._pachisi import Game as _PachisiGame
from ._pachisi import State as _PachisiState
from ._pachisi import rulesets as _rulesets

__all__ = [
    "MAX_GAME_LENGTH",
    "PachisiGame",
    "PachisiObserver",
    "PachisiState",
    "game_name",
    "game_names",
    "pachisi_game_of",
]

# Games of dice have no length bound in principle; this is far above the longest random game of
# any built-in ruleset (about 3,000 throws and as many moves), as OpenSpiel needs a bound.
MAX_GAME_LENGTH = 100_000

_PREFIX = "python_pachisi_"
_SHORT_TO_RULESET: Dict[str, str] = {}


def game_name(ruleset: str) -> str:
    """The pyspiel short name of a built-in ruleset: ``python_pachisi_<ruleset>``, hyphens as
    underscores."""
    return _PREFIX + ruleset.replace("-", "_")


def game_names() -> List[str]:
    """The short names registered, one per built-in ruleset, in ``pachisi.rulesets()`` order."""
    return [game_name(r) for r in _rulesets()]


def _overrides(text: str) -> List[str]:
    """The `--set` entries of the ``set`` parameter: ``field=value`` or ``field:value``, separated
    by ``;``, with ``|`` read as ``,`` inside lists (``throw.grace:[1|6]``)."""
    entries = []
    for part in text.replace("|", ",").split(";"):
        part = part.strip()
        if not part:
            continue
        if "=" not in part and ":" in part:
            field, value = part.split(":", 1)
            part = f"{field.strip()}={value.strip()}"
        entries.append(part)
    return entries


def _canonical_set(entries: List[str]) -> str:
    """The ``set`` parameter as the game's string carries it: ``field:value`` entries, lists with
    ``|`` between their items, since OpenSpiel's game strings (``name(param=value,...)``, as
    ``pyspiel.serialize_game_and_state`` writes them) cannot carry ``=`` or ``,`` in a value."""
    return ";".join(entry.replace("=", ":", 1).replace(",", "|") for entry in entries)


def _game_type(ruleset: str, game: _PachisiGame) -> "pyspiel.GameType":
    seats = game.num_players()
    sizes: Dict[int, int] = {}
    for seat in range(seats):
        team = game.team_of(seat)
        sizes[team] = sizes.get(team, 0) + 1
    # Teams' returns add up to 0, so seats' do when every team has as many seats.
    zero_sum = len(set(sizes.values())) == 1
    return pyspiel.GameType(
        short_name=game_name(ruleset),
        long_name=f"Python {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"set": ""},
    )


def _game_info(game: _PachisiGame, zero_sum: bool) -> "pyspiel.GameInfo":
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        max_chance_outcomes=game.max_chance_outcomes(),
        num_players=game.num_players(),
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if zero_sum else None,
        max_game_length=MAX_GAME_LENGTH,
    )


class PachisiGame(pyspiel.Game):
    """A pyspiel game wrapping a ``pachisi.Game``; ``pachisi_game`` is the wrapped game."""

    _ruleset = "ludo"

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        ruleset = self._ruleset
        params = dict(params or {})
        options = _overrides(str(params.get("set", "")))
        self.pachisi_game = _PachisiGame(ruleset, set=options or None)
        if options:
            params["set"] = _canonical_set(options)
        self._throw_names = [name for name, _ in self.pachisi_game.throws()]
        game_type = _game_type(ruleset, self.pachisi_game)
        zero_sum = game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        super().__init__(game_type, _game_info(self.pachisi_game, zero_sum), params)

    def new_initial_state(self) -> "PachisiState":
        """A new game, opening with the throw-off where the rules have one."""
        return PachisiState(self, self.pachisi_game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Optional[Dict[str, Any]] = None
    ) -> "PachisiObserver":
        """The observer of every observation type: the game is of perfect information."""
        return PachisiObserver(self.pachisi_game, params)


class PachisiState(pyspiel.State):
    """A pyspiel state wrapping a ``pachisi.State``; ``pachisi_state`` is the wrapped state."""

    def __init__(self, game: PachisiGame, state: _PachisiState):
        super().__init__(game)
        self.pachisi_state = state
        self._throw_names = game._throw_names
        self._pachisi_game = game.pachisi_game

    def current_player(self) -> int:
        # pachisi's CHANCE_PLAYER and TERMINAL_PLAYER are pyspiel's -1 and -4.
        player = self.pachisi_state.current_player()
        if player == -1:
            return int(pyspiel.PlayerId.CHANCE)
        if player == -4:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> List[int]:
        return self.pachisi_state.legal_actions(player)

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return self.pachisi_state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.pachisi_state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._throw_names[action]
        return self._pachisi_game.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.pachisi_state.is_terminal()

    def returns(self) -> List[float]:
        return self.pachisi_state.returns()

    def __str__(self) -> str:
        return self.pachisi_state.to_notation()


class PachisiObserver:
    """OpenSpiel's Python observer: ``tensor`` is ``State.observation_tensor(player)``, ``dict``
    its fields by ``Game.observation_layout()``; the string is the position's notation."""

    def __init__(self, game: _PachisiGame, params: Optional[Dict[str, Any]] = None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(game.observation_shape(), np.float32)
        self.dict = {
            name: self.tensor[first : first + int(np.prod(shape))].reshape(shape)
            for name, first, shape in game.observation_layout()
        }

    def set_from(self, state: PachisiState, player: int) -> None:
        self.tensor[:] = state.pachisi_state.observation_tensor(player)

    def string_from(self, state: PachisiState, player: int) -> str:
        return state.pachisi_state.to_notation()


def pachisi_game_of(game: "pyspiel.Game") -> _PachisiGame:
    """The ``pachisi.Game`` a loaded pyspiel game of this module wraps."""
    return game.pachisi_game


def _register() -> None:
    for ruleset in _rulesets():
        short = game_name(ruleset)
        if short in _SHORT_TO_RULESET:
            continue
        default = _PachisiGame(ruleset)

        # One subclass per ruleset, registered as OpenSpiel's Python games register their class.
        cls = type(
            "PachisiGame_" + ruleset.replace("-", "_"),
            (PachisiGame,),
            {"_ruleset": ruleset, "__module__": __name__},
        )
        globals()[cls.__name__] = cls
        pyspiel.register_game(_game_type(ruleset, default), cls)
        _SHORT_TO_RULESET[short] = ruleset


_register()
