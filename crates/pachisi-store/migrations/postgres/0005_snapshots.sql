-- The latest snapshot of each game's table: what replaying its first `actions` actions leaves,
-- so that an instance taking the game over builds it from there and replays only the rest.
CREATE TABLE snapshots (
    game TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    actions INTEGER NOT NULL,
    body TEXT NOT NULL
);
