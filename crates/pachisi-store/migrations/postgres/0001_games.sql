-- Games, their actions and their numbered events; the server's time at its last heartbeat.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    ruleset TEXT NOT NULL,
    overrides TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed TEXT NOT NULL,
    host TEXT,
    opening TEXT,
    server_seed TEXT,
    player_seeds TEXT,
    room TEXT
);
CREATE TABLE actions (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
-- The number is the key: two servers can never both tell event N of a game.
CREATE TABLE events (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n BIGINT NOT NULL,
    body TEXT NOT NULL,
    CONSTRAINT events_game_n PRIMARY KEY (game, n)
);
CREATE TABLE server (
    key TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
