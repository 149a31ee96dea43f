"""A Gymnasium single-agent environment: the agent plays one seat, built-in bots the others,
throws drawn inside. Needs ``gymnasium``. Importing this module registers ``pachisi/Ludo-v0``,
``pachisi/Pachisi-v0`` and ``pachisi/Parcheesi-v0`` for ``gymnasium.make``.

    >>> import gymnasium, pachisi.gym
    >>> env = gymnasium.make("pachisi/Ludo-v0", opponents="heuristic")
    >>> observation, info = env.reset(seed=1)
    >>> action = env.action_space.sample(observation["action_mask"])
    >>> observation, reward, terminated, truncated, info = env.step(action)

docs/python.md describes the spaces, the rewards and the options.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from ._envs import Options, ThrowDrawer, make_game, mask_int8, observation_bounds, position_text
from ._pachisi import Bot, Game, IllegalActionError, PachisiError, State

__all__ = ["PachisiEnv"]

# The environments `gymnasium.make` knows once this module is imported: id -> ruleset.
REGISTERED = {
    "pachisi/Ludo-v0": "ludo",
    "pachisi/Pachisi-v0": "pachisi",
    "pachisi/Parcheesi-v0": "parcheesi-sr",
}


class PachisiEnv(gymnasium.Env):
    """One seat of a game against bots.

    The agent plays `seat`; every other seat is a `Bot` built from `opponents`, one spec for
    all of them or one per other seat in seat order (docs/bots.md: `random`, `heuristic`,
    `expectimax:depth=2`, ...). Throws are drawn inside from the environment's generator
    (`reset(seed=...)`, which also seeds the bots). An observation is a dict: `observation`, the
    observation tensor from the agent's seat (float32), and `action_mask` (int8, 1 at the legal
    moves); `info["action_mask"]` is the same mask. The action space is `Discrete(
    num_distinct_actions())`. The reward is 0 until the end, then the agent's return (its
    team's, by place: 1 first, -1 last). An illegal action ends the episode with
    `illegal_reward` (`illegal="lose"`, the default, so that unmasked sampling never fails) or
    raises `IllegalActionError` (`illegal="raise"`). `max_steps` truncates after that many
    actions of the agent.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        ruleset: Union[str, Game] = "ludo",
        set: Options = None,
        seat: int = 0,
        opponents: Union[str, Sequence[str]] = "heuristic",
        render_mode: Optional[str] = None,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        max_steps: Optional[int] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal is 'lose' or 'raise', not {illegal!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError("max_steps must be at least 1 (or None for no limit)")
        self.game = make_game(ruleset, set)
        seats = self.game.num_players()
        if not 0 <= seat < seats:
            raise PachisiError(f"seat {seat} does not exist: the seats are 0 to {seats - 1}")
        self.seat = seat
        others = [s for s in range(seats) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise PachisiError(
                f"{len(specs)} opponents for {len(others)} other seats: give one spec for all, or one per other seat"
            )
        for spec in specs:
            Bot(spec)  # a bad spec fails here, not at the first reset
        self.opponents = dict(zip(others, specs))
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        actions = self.game.num_distinct_actions()
        low, high = observation_bounds(self.game)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(actions)
        self._throws = ThrowDrawer(self.game)
        self._bots: dict[int, Bot] = {}
        self.game_state: Optional[State] = None
        self._over = True
        self._steps = 0

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self._bots = {
            s: Bot(spec, seed=int(self.np_random.integers(2**63)))
            for s, spec in self.opponents.items()
        }
        self.game_state = self.game.new_initial_state()
        self._over = False
        self._steps = 0
        self._play_others()
        return self._observe(), self._info()

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self._state()
        if self._over:
            raise PachisiError("the episode is over: call reset()")
        self._steps += 1
        action = int(action)
        if not (0 <= action < self.game.num_distinct_actions()) or not state.legal_actions_mask()[action]:
            if self.illegal == "raise":
                state.apply_action(action)  # raises IllegalActionError with the engine's reason
                raise IllegalActionError(f"{action} is not legal here")
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_reward, True, False, info
        state.apply_action(action)
        self._play_others()
        reward = 0.0
        terminated = state.is_terminal()
        if terminated:
            reward = float(state.returns()[self.seat])
            self._over = True
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        if truncated:
            self._over = True
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode: make the environment with render_mode='ansi'"
            )
            return None
        return position_text(self.game_state)

    def _play_others(self) -> None:
        """Throws and the bots' moves until the agent must choose or the game is over."""
        state = self._state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(self._throws.draw(self.np_random))
            elif state.current_player() == self.seat:
                return
            else:
                state.apply_action(self._bots[state.current_player()].choose(state))

    def _mask(self) -> np.ndarray:
        state = self._state()
        if self._over or not state.is_player_node():
            return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return mask_int8(state)

    def _observe(self) -> dict[str, np.ndarray]:
        return {
            "observation": self._state().observation_tensor(self.seat),
            "action_mask": self._mask(),
        }

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def _state(self) -> State:
        if self.game_state is None:
            raise PachisiError("call reset() before using the environment")
        return self.game_state


def _register() -> None:
    for env_id, ruleset in REGISTERED.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=PachisiEnv, kwargs={"ruleset": ruleset})


_register()
