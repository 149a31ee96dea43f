"""Pachisi, Parcheesi and Ludo for game research, on the Rust engine.

Games in OpenSpiel's shape with explicit chance: a ``Game`` is a ruleset with its options, a
``State`` alternates chance nodes (a throw is due, every throw with its exact probability) and
decision nodes (the seat to move chooses a move, an integer of a dense numbering).
``Bot`` chooses and ranks moves; ``simulate`` and ``tournament`` return statistics as dicts.
``VecEnv`` steps many games in Rust at once; ``env()`` is a PettingZoo environment
(``pachisi.pettingzoo``, needs ``pettingzoo``) and ``pachisi.gym`` a Gymnasium one; importing
``pachisi.openspiel`` (needs ``open_spiel``) registers every ruleset as an OpenSpiel game.
docs/python.md documents every class and function.
"""

from ._pachisi import (
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Bot,
    BotSpecError,
    Game,
    IllegalActionError,
    NotationError,
    PachisiError,
    RulesetError,
    State,
    VecEnv,
    __version__,
    load_record,
    ruleset_text,
    rulesets,
    simulate,
    tournament,
)

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Bot",
    "BotSpecError",
    "Game",
    "IllegalActionError",
    "NotationError",
    "PachisiError",
    "RulesetError",
    "State",
    "VecEnv",
    "__version__",
    "env",
    "load_record",
    "ruleset_text",
    "rulesets",
    "simulate",
    "tournament",
]


def env(ruleset="ludo", **kwargs):  # type: ignore[no-untyped-def]
    """The PettingZoo AEC environment of a ruleset, wrapped (``pachisi.pettingzoo.env``);
    imports ``pettingzoo`` on first call, never at ``import pachisi``."""
    from .pettingzoo import env as make

    return make(ruleset, **kwargs)
