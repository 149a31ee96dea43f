"""A PettingZoo AEC environment: every seat an agent, the action mask in the observation, throws
drawn inside from a generator seeded by ``reset(seed=...)``. Needs ``pettingzoo``.

    >>> import pachisi
    >>> env = pachisi.env(ruleset="ludo")
    >>> env.reset(seed=42)
    >>> for agent in env.agent_iter():
    ...     observation, reward, termination, truncation, info = env.last()
    ...     action = None if termination or truncation else \\
    ...         env.action_space(agent).sample(observation["action_mask"])
    ...     env.step(action)

docs/python.md describes the spaces, the rewards and the options.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._envs import Options, ThrowDrawer, make_game, mask_int8, observation_bounds, position_text
from ._pachisi import Game, State

__all__ = ["env", "raw_env"]


def env(
    ruleset: Union[str, Game] = "ludo",
    set: Options = None,
    render_mode: Optional[str] = None,
    max_steps: Optional[int] = None,
    illegal_reward: float = -1.0,
) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: an illegal move ends the game
    with `illegal_reward` for its agent (`TerminateIllegalWrapper`), an action outside the
    action space fails an assertion, and the calls must come in order (`reset` first)."""
    e: AECEnv = raw_env(ruleset, set=set, render_mode=render_mode, max_steps=max_steps)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """Pachisi, Parcheesi or Ludo as a PettingZoo AEC game.

    Agents are the seats, ``player_0`` to ``player_{n-1}``; ``agent_selection`` is the seat to
    move, again after an extra throw. Each agent observes a dict: ``observation``, the game's
    observation tensor from its seat's point of view (float32, seats rotated so it is row 0), and
    ``action_mask`` (int8 over ``num_distinct_actions()``: 1 at the legal moves of the agent to
    move, all 0 for the others and at the end). The action space is ``Discrete(
    num_distinct_actions())``. Throws are drawn inside, after every move, from a NumPy
    generator seeded by ``reset(seed=...)``. Rewards are 0 until the end, then each seat's
    return (its team's, by place: 1 first, -1 last). ``max_steps`` truncates a game after that
    many moves. An illegal action raises ``IllegalActionError`` (``env()`` turns it into a lost
    game instead).
    """

    metadata = {"render_modes": ["ansi"], "name": "pachisi_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: Union[str, Game] = "ludo",
        set: Options = None,
        render_mode: Optional[str] = None,
        max_steps: Optional[int] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError("max_steps must be at least 1 (or None for no limit)")
        self.game = make_game(ruleset, set)
        self.render_mode = render_mode
        self.max_steps = max_steps
        seats = self.game.num_players()
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = self.game.num_distinct_actions()
        low, high = observation_bounds(self.game)
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._throws = ThrowDrawer(self.game)
        self._rng: Optional[np.random.Generator] = None
        self.game_state: Optional[State] = None
        self.num_moves = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._state()
        seat = self.agent_name_mapping[agent]
        observation = state.observation_tensor(seat)
        if state.is_player_node() and state.current_player() == seat:
            mask = mask_int8(state)
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.num_moves = 0
        state = self.game.new_initial_state()
        self._throws.play_chance(state, self._rng)
        self.game_state = state
        self.agent_selection = self.possible_agents[state.seat_to_move()]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        assert self._rng is not None
        self._cumulative_rewards[agent] = 0.0
        state.apply_action(int(action))
        self.num_moves += 1
        self._throws.play_chance(state, self._rng)
        self._clear_rewards()
        if state.is_terminal():
            returns = state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self.agent_name_mapping[a]])
                self.terminations[a] = True
        elif self.max_steps is not None and self.num_moves >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self.possible_agents[state.seat_to_move()]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode: make the environment with render_mode='ansi'"
            )
            return None
        return position_text(self.game_state)

    def close(self) -> None:
        pass

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def __str__(self) -> str:
        return "pachisi_v0"
