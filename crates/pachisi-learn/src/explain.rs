//! How to play a ruleset, in plain words made from the ruleset itself.
