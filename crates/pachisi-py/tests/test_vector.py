"""The vector environment: N games stepped in Rust, against the single-state API."""

import os
import time

import numpy as np
import pytest

import pachisi


def random_actions(rng, mask):
    """One legal action per row, uniformly."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int32)


def run(env, steps, seed=0):
    """Resets `env` and plays `steps` random steps; returns every array it gave."""
    rng = np.random.default_rng(seed)
    obs, mask, player = env.reset()
    out = [(obs, mask, player)]
    for _ in range(steps):
        step = env.step(random_actions(rng, mask))
        out.append(step)
        obs, mask = step[0], step[1]
    return out


def assert_same_runs(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            np.testing.assert_array_equal(u, v)


def test_the_arrays_have_their_shapes_and_types_and_are_handed_over_without_copying():
    game = pachisi.Game("pachisi")
    env = pachisi.VecEnv(game, 5, seed=1, num_threads=1)
    assert (len(env), env.num_envs, env.num_players) == (5, 5, 4)
    assert env.num_actions == game.num_distinct_actions()
    assert env.observation_size == game.observation_shape()[0]
    assert env.autoreset_mode == pachisi.VecEnv.autoreset_mode == "SameStep"
    obs, mask, player = env.reset()
    assert obs.shape == (5, 391) and obs.dtype == np.float32
    assert mask.shape == (5, 596) and mask.dtype == np.bool_
    assert player.shape == (5,) and player.dtype == np.int32
    obs, mask, rewards, terminated, player = env.step(random_actions(np.random.default_rng(0), mask))
    assert rewards.shape == (5, 4) and rewards.dtype == np.float32
    assert terminated.shape == (5,) and terminated.dtype == np.bool_
    for array in (obs, mask, rewards, terminated, player):
        # The engine's buffer itself, not a copy NumPy owns.
        assert not array.flags["OWNDATA"] and array.flags["C_CONTIGUOUS"]
        assert array.flags["WRITEABLE"]
    np.testing.assert_allclose(env.chance_probabilities(), [p for _, p in game.throws()])


@pytest.mark.parametrize("ruleset", ["ludo", "pachisi", "parcheesi-sr"])
def test_every_row_is_the_single_state_api_s_decision(ruleset):
    env = pachisi.VecEnv(pachisi.Game(ruleset), 4, seed=3, num_threads=2)
    rng = np.random.default_rng(2)
    obs, mask, player = env.reset()
    for _ in range(400):
        for i in range(4):
            state = env.state(i)
            assert state.is_player_node()
            assert player[i] == state.current_player()
            np.testing.assert_array_equal(mask[i], state.legal_actions_mask())
            np.testing.assert_array_equal(obs[i], state.observation_tensor())
        obs, mask, _, _, player = env.step(random_actions(rng, mask))


@pytest.mark.parametrize("ruleset", ["ludo", "pachisi"])
def test_explicit_chance_follows_states_given_the_same_actions(ruleset):
    game = pachisi.Game(ruleset, set={"players.pieces": 2})
    n = 3
    env = pachisi.VecEnv(game, n, seed=5, num_threads=2, chance="explicit")
    assert env.chance == "explicit"
    throws = game.max_chance_outcomes()
    probabilities = env.chance_probabilities()
    mirrors = [game.new_initial_state() for _ in range(n)]
    rng = np.random.default_rng(4)
    obs, mask, player = env.reset()
    ended = 0
    for _ in range(3000):
        for i, state in enumerate(mirrors):
            assert player[i] == state.current_player()
            np.testing.assert_array_equal(obs[i], state.observation_tensor())
            # The game's own State says the same, in the middle of a throw-off too.
            there = env.state(i)
            assert there.seat_to_move() == state.seat_to_move()
            assert there.to_notation() == state.to_notation()
            if state.is_chance_node():
                assert mask[i, :throws].all() and not mask[i, throws:].any()
            else:
                np.testing.assert_array_equal(mask[i], state.legal_actions_mask())
        actions = np.array(
            [
                rng.choice(throws, p=probabilities) if state.is_chance_node() else rng.choice(state.legal_actions())
                for state in mirrors
            ],
            dtype=np.int64,
        )
        obs, mask, rewards, terminated, player = env.step(actions)
        for i, state in enumerate(mirrors):
            state.apply_action(int(actions[i]))
            assert terminated[i] == state.is_terminal()
            if state.is_terminal():
                ended += 1
                np.testing.assert_allclose(rewards[i], state.returns(), rtol=0, atol=1e-6)
                mirrors[i] = game.new_initial_state()
            else:
                assert not rewards[i].any()
    assert ended >= 3


def test_an_ended_game_returns_its_rewards_and_the_next_game_s_first_decision():
    game = pachisi.Game("ludo", set={"players.pieces": 1})
    env = pachisi.VecEnv(game, 6, seed=8, num_threads=2)
    rng = np.random.default_rng(8)
    obs, mask, _ = env.reset()
    home = game.observation_layout()[0][2][1]
    ends = 0
    for _ in range(600):
        obs, mask, rewards, terminated, player = env.step(random_actions(rng, mask))
        assert not rewards[~terminated].any()
        for i in np.flatnonzero(terminated):
            ends += 1
            assert abs(rewards[i].sum()) < 1e-6 and rewards[i].max() == 1.0
            # The row already shows the new game: every piece waits at its start.
            pieces = obs[i, : 4 * home].reshape(4, home)
            assert (pieces[:, 0] == 1.0).all()
            assert env.state(i).is_player_node() and player[i] == env.state(i).current_player()
    assert ends >= 6


def test_the_same_seed_gives_the_same_games_on_any_number_of_threads():
    game = pachisi.Game("ludo")
    one = run(pachisi.VecEnv(game, 7, seed=42, num_threads=1), 500)
    two = run(pachisi.VecEnv(game, 7, seed=42, num_threads=2), 500)
    assert_same_runs(one, two)
    other = run(pachisi.VecEnv(game, 7, seed=43, num_threads=2), 500)
    assert not np.array_equal(one[-1][0], other[-1][0])


def test_game_i_depends_on_the_seed_and_its_index_alone():
    game = pachisi.Game("pachisi")
    wide = pachisi.VecEnv(game, 3, seed=9, num_threads=1)
    alone = pachisi.VecEnv(game, 1, seed=9, num_threads=1)
    _, wide_mask, _ = wide.reset()
    _, alone_mask, _ = alone.reset()
    rng = np.random.default_rng(0)
    for _ in range(200):
        np.testing.assert_array_equal(wide_mask[0], alone_mask[0])
        action = int(rng.choice(np.flatnonzero(alone_mask[0])))
        others = random_actions(rng, wide_mask[1:])
        wide_mask = wide.step(np.concatenate([[action], others]).astype(np.int32))[1]
        alone_mask = alone.step([action])[1]


def test_an_illegal_action_raises_naming_its_game_and_changes_nothing():
    env = pachisi.VecEnv(pachisi.Game("ludo"), 3, seed=1, num_threads=2)
    obs, mask, _ = env.reset()
    actions = random_actions(np.random.default_rng(0), mask)
    before = [env.state(i).to_notation() for i in range(3)]
    bad = actions.copy()
    bad[2] = int(np.flatnonzero(~mask[2])[0])
    with pytest.raises(pachisi.IllegalActionError, match=r"^game 2: action \d+ is not legal"):
        env.step(bad)
    with pytest.raises(pachisi.IllegalActionError, match="game 0"):
        env.step(np.array([-1, 0, 0], dtype=np.int64))
    assert [env.state(i).to_notation() for i in range(3)] == before
    with pytest.raises(pachisi.PachisiError, match="3 games"):
        env.step(actions[:2])
    with pytest.raises(pachisi.IllegalActionError):
        env.step(["a", "b", "c"])
    env.step(actions.astype(np.int64))  # the same actions, still legal


def test_bad_arguments_are_refused():
    game = pachisi.Game("ludo")
    with pytest.raises(pachisi.PachisiError):
        pachisi.VecEnv(game, 0)
    with pytest.raises(pachisi.PachisiError):
        pachisi.VecEnv(game, 2, num_threads=0)
    with pytest.raises(pachisi.PachisiError):
        pachisi.VecEnv(game, 2, chance="outside")
    with pytest.raises(pachisi.PachisiError):
        pachisi.VecEnv(game, 2).state(2)
    with pytest.raises(pachisi.PachisiError, match="reset"):
        pachisi.VecEnv(game, 2).step([0, 0])
    assert "VecEnv(" in repr(pachisi.VecEnv(game, 2, num_threads=1))
    with pytest.raises(pachisi.PachisiError, match="reset"):
        pachisi.VecEnv(game, 2).observe()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_steps_on_a_pool_of_its_own():
    env = pachisi.VecEnv(pachisi.Game("ludo"), 4, seed=1, num_threads=2)
    _, mask, _ = env.reset()  # the parent's pool is running
    actions = random_actions(np.random.default_rng(0), mask)
    pid = os.fork()
    if pid == 0:
        try:
            env.step(actions)
            os._exit(0)
        except BaseException:
            os._exit(1)
    deadline = time.monotonic() + 60
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked child's step hung")
        time.sleep(0.05)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    env.step(actions)  # and the parent's pool still works


def run_copied(env, steps, seed=0):
    """`run`, copying every call's arrays as it comes (reused buffers are overwritten by the
    next call)."""
    rng = np.random.default_rng(seed)
    obs, mask, player = env.reset()
    out = [tuple(np.array(a, copy=True) for a in (obs, mask, player))]
    for _ in range(steps):
        step = env.step(random_actions(rng, mask))
        out.append(tuple(np.array(a, copy=True) for a in step))
        mask = step[1]
    return out


@pytest.mark.parametrize("chance", ["inside", "explicit"])
def test_without_observations_the_other_arrays_are_the_same_and_observe_gives_them(chance):
    game = pachisi.Game("pachisi", set={"players.pieces": 2})
    full = pachisi.VecEnv(game, 5, seed=4, num_threads=2, chance=chance)
    bare = pachisi.VecEnv(game, 5, seed=4, num_threads=2, chance=chance, observations=False)
    assert (full.observations, bare.observations) == (True, False)
    assert bare.observation_size == full.observation_size
    assert "observations=False" in repr(bare)
    rng = np.random.default_rng(3)
    f_obs, f_mask, f_player = full.reset()
    b_obs, b_mask, b_player = bare.reset()
    ended = 0
    for _ in range(800):
        assert b_obs.shape == (5, 0) and b_obs.dtype == np.float32
        np.testing.assert_array_equal(b_mask, f_mask)
        np.testing.assert_array_equal(b_player, f_player)
        # observe() encodes them on request, as step() would have, whatever the option.
        np.testing.assert_array_equal(bare.observe(), f_obs)
        np.testing.assert_array_equal(full.observe(), f_obs)
        actions = random_actions(rng, f_mask)
        f_obs, f_mask, f_rewards, f_terminated, f_player = full.step(actions)
        b_obs, b_mask, b_rewards, b_terminated, b_player = bare.step(actions)
        np.testing.assert_array_equal(b_rewards, f_rewards)
        np.testing.assert_array_equal(b_terminated, f_terminated)
        ended += int(f_terminated.sum())
    assert ended >= 1
    assert bare.observe().shape == (5, game.observation_shape()[0])


@pytest.mark.parametrize("observations", [True, False])
def test_reused_buffers_hold_what_fresh_arrays_get_step_by_step(observations):
    game = pachisi.Game("ludo", set={"players.pieces": 1})
    fresh = run(pachisi.VecEnv(game, 6, seed=11, num_threads=2, observations=observations), 600)
    env = pachisi.VecEnv(
        game, 6, seed=11, num_threads=2, observations=observations, reuse_buffers=True
    )
    assert env.reuse_buffers and "reuse_buffers=True" in repr(env)
    kept = run_copied(env, 600)
    assert_same_runs(fresh, kept)
    assert any(step[3].any() for step in fresh[1:]), "a game ended, so rewards were written"


def test_reused_buffers_are_the_same_arrays_every_call():
    env = pachisi.VecEnv(pachisi.Game("ludo"), 4, seed=2, num_threads=1, reuse_buffers=True)
    obs, mask, player = env.reset()
    first = (obs, mask, player)
    rng = np.random.default_rng(0)
    for _ in range(50):
        step = env.step(random_actions(rng, mask))
        assert step[0] is first[0] and step[1] is first[1] and step[4] is first[2]
        mask = step[1]
    rewards, terminated = step[2], step[3]
    assert env.step(random_actions(rng, mask))[2] is rewards
    for array in env.step(random_actions(rng, mask)):
        assert array.flags["OWNDATA"] and array.flags["C_CONTIGUOUS"] and array.flags["WRITEABLE"]
    assert terminated.shape == (4,) and rewards.shape == (4, 4)
    # Fresh arrays by default: a new one every call.
    env = pachisi.VecEnv(pachisi.Game("ludo"), 4, seed=2, num_threads=1)
    assert env.reuse_buffers is False
    assert env.reset()[1] is not env.reset()[1]


def test_a_refused_step_leaves_the_reused_buffers_as_they_were():
    env = pachisi.VecEnv(pachisi.Game("ludo"), 3, seed=1, num_threads=2, reuse_buffers=True)
    obs, mask, player = env.reset()
    before = [np.array(a, copy=True) for a in (obs, mask, player)]
    bad = random_actions(np.random.default_rng(0), mask)
    bad[1] = int(np.flatnonzero(~mask[1])[0])
    with pytest.raises(pachisi.IllegalActionError, match="^game 1"):
        env.step(bad)
    with pytest.raises(pachisi.PachisiError, match="3 games"):
        env.step(bad[:2])
    for a, b in zip((obs, mask, player), before):
        np.testing.assert_array_equal(a, b)


def test_reused_buffers_changed_from_python_raise_and_nothing_moves():
    game = pachisi.Game("ludo")
    env = pachisi.VecEnv(game, 3, seed=1, num_threads=1, reuse_buffers=True)
    obs, mask, player = env.reset()
    actions = random_actions(np.random.default_rng(0), mask)
    notation = [env.state(i).to_notation() for i in range(3)]

    def refused(match):
        with pytest.raises(pachisi.PachisiError, match=match):
            env.step(actions)
        assert [env.state(i).to_notation() for i in range(3)] == notation

    obs.setflags(write=False)
    refused("cannot write the obs array")
    obs.setflags(write=True)
    mask.shape = (3 * env.num_actions,)
    refused(r"cannot write the mask array: it is no longer a 2-dimensional bool array")
    mask.shape = (3, env.num_actions)
    player.shape = (3, 1)
    refused("current_player array")
    player.shape = (3,)
    obs.shape = (1, 3 * env.observation_size)
    refused(r"its shape is now \[1, \d+\], not \[3, \d+\]")
    obs.shape = (3, env.observation_size)
    view = env.step(actions)[1]  # all as made again: the step is taken
    assert view is mask
    with pytest.raises(TypeError):
        pachisi.VecEnv(game, 3, reuse_buffers="yes")
    with pytest.raises(TypeError):
        pachisi.VecEnv(game, 3, observations=None)
