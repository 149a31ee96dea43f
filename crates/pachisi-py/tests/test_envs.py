"""The PettingZoo AEC environment and the Gymnasium single-agent environment."""

import warnings

import numpy as np
import pytest

import pachisi

pettingzoo_test = pytest.importorskip("pettingzoo.test")
gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import pachisi.gym  # noqa: E402  (registers the Gymnasium ids)
import pachisi.pettingzoo  # noqa: E402

RULESETS = ["ludo", "pachisi", "parcheesi-sr"]

# What PettingZoo's api_test warns about every environment with a dict observation (only its
# own classic games are exempt by name); any other warning fails the tests.
EXPECTED_PETTINGZOO_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def unexpected(caught, expected=()):
    return [str(w.message) for w in caught if not str(w.message).startswith(expected)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_aec_environment_passes_the_api_and_seed_tests(ruleset):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pettingzoo_test.api_test(pachisi.env(ruleset=ruleset), num_cycles=1000)
        pettingzoo_test.seed_test(lambda: pachisi.env(ruleset=ruleset), num_cycles=500)
        pettingzoo_test.api_test(pachisi.pettingzoo.raw_env(ruleset), num_cycles=300)
    assert unexpected(caught, EXPECTED_PETTINGZOO_WARNINGS) == []


def play_aec(env, seed):
    """Plays a seeded game with masked random actions; returns its steps and total rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, totals = [], {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        steps.append((agent, action, obs["observation"].copy()))
        env.step(action)
    return steps, totals


def test_a_game_is_played_to_its_end_with_the_returns_as_rewards():
    env = pachisi.env(ruleset="pachisi", set={"players.pieces": 2})
    steps, totals = play_aec(env, seed=5)
    assert len(steps) > 20
    state = env.unwrapped.game_state
    assert state.is_terminal()
    assert totals == {f"player_{s}": r for s, r in enumerate(state.returns())}
    assert sorted(set(totals.values())) == [-1.0, 1.0]
    assert {a for a, _, _ in steps} == set(env.possible_agents)
    again, _ = play_aec(pachisi.env(ruleset="pachisi", set={"players.pieces": 2}), seed=5)
    assert [(a, x) for a, x, _ in again] == [(a, x) for a, x, _ in steps]
    other, _ = play_aec(pachisi.env(ruleset="pachisi", set={"players.pieces": 2}), seed=6)
    assert [(a, x) for a, x, _ in other] != [(a, x) for a, x, _ in steps]


def test_the_observation_is_the_state_api_s_from_the_agent_s_seat():
    env = pachisi.pettingzoo.raw_env("ludo")
    env.reset(seed=9)
    rng = np.random.default_rng(1)
    for _ in range(60):
        agent = env.agent_selection
        state = env.game_state
        seat = env.agent_name_mapping[agent]
        assert state.current_player() == seat
        obs = env.observe(agent)
        np.testing.assert_array_equal(obs["observation"], state.observation_tensor(seat))
        np.testing.assert_array_equal(obs["action_mask"], state.legal_actions_mask().astype(np.int8))
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        assert env.observation_space(agent).contains(obs)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_an_illegal_move_raises_in_the_raw_environment_and_loses_in_the_wrapped_one():
    raw = pachisi.pettingzoo.raw_env("ludo")
    raw.reset(seed=1)
    illegal = int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(pachisi.IllegalActionError):
        raw.step(illegal)
    env = pachisi.env(ruleset="ludo")
    env.reset(seed=1)
    agent = env.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values()) or all(env.truncations.values())
    assert env.rewards[agent] == -1.0


def test_truncation_and_rendering():
    env = pachisi.env(ruleset="ludo", render_mode="ansi", max_steps=10)
    env.reset(seed=2)
    text = env.render()
    assert "Ludo" in text or "ludo" in text.lower()
    assert env.unwrapped.game_state.to_notation() in text and "legal moves:" in text
    moves = 0
    for agent in env.agent_iter():
        obs, _, termination, truncation, _ = env.last()
        if termination or truncation:
            assert truncation and not termination
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        moves += 1
    assert moves == 10


def test_the_gymnasium_environment_passes_check_env():
    # Without a spec, check_env warns that it cannot try the other render modes.
    with pytest.warns(UserWarning, match="alternative render modes"):
        check_env(pachisi.gym.PachisiEnv("ludo", opponents="random"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for env_id in pachisi.gym.REGISTERED:
            check_env(gymnasium.make(env_id, render_mode="ansi").unwrapped)
    assert unexpected(caught) == []


def test_the_agent_plays_its_seat_against_bots_and_gets_its_return():
    env = pachisi.gym.PachisiEnv("pachisi", seat=1, opponents=["heuristic", "random", "random"])
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    terminated = truncated = False
    steps = 0
    while not (terminated or truncated):
        state = env.game_state
        assert state.current_player() == 1
        np.testing.assert_array_equal(obs["observation"], state.observation_tensor(1))
        np.testing.assert_array_equal(info["action_mask"], obs["action_mask"])
        np.testing.assert_array_equal(obs["action_mask"].astype(bool), state.legal_actions_mask())
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if not terminated:
            assert reward == 0.0
    assert terminated and not truncated and steps > 10
    assert reward == env.game_state.returns()[1] and reward in (-1.0, 1.0)
    assert not obs["action_mask"].any()
    with pytest.raises(pachisi.PachisiError):
        env.step(0)


def test_illegal_actions_lose_or_raise_and_bad_arguments_are_refused():
    env = pachisi.gym.PachisiEnv("ludo")
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    strict = pachisi.gym.PachisiEnv("ludo", illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(pachisi.IllegalActionError):
        strict.step(illegal)
    with pytest.raises(pachisi.BotSpecError):
        pachisi.gym.PachisiEnv("ludo", opponents="nobody")
    with pytest.raises(pachisi.PachisiError):
        pachisi.gym.PachisiEnv("ludo", opponents=["random", "random"])
    with pytest.raises(pachisi.PachisiError):
        pachisi.gym.PachisiEnv("ludo", seat=4)


def test_the_same_seed_plays_the_same_episode():
    def episode(seed):
        env = gymnasium.make("pachisi/Ludo-v0", opponents="heuristic")
        obs, _ = env.reset(seed=seed)
        env.action_space.seed(seed)
        trace = []
        done = False
        while not done:
            action = env.action_space.sample(obs["action_mask"])
            obs, reward, terminated, truncated, _ = env.step(action)
            trace.append((int(action), reward))
            done = terminated or truncated
        return trace, env.unwrapped.game_state.to_notation()

    assert episode(11) == episode(11)
    assert episode(11) != episode(12)
