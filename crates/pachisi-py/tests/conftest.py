"""Shared helpers of the Python tests: seeded random play through the public API."""

import random

import pachisi


def play_randomly(state: "pachisi.State", rng: random.Random, max_steps: int = 200_000) -> int:
    """Plays `state` to the end: throws drawn by their probabilities, moves uniformly among
    the legal actions. Returns the number of actions applied."""
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps
