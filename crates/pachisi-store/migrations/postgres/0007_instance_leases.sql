-- A game's owner holds it for as long as its own lease in `instances` runs: an instance renews
-- its one row there, never its games' rows (renewing each game's row locked every row a commit
-- reads, and held an instance's commits back at each round). A game's row now only names its
-- owner.
ALTER TABLE drivers DROP COLUMN expires;
