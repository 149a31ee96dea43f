-- Games, their actions and their numbered events; the server's time at its last heartbeat.
-- (A database written before migrations were numbered has some of these already: every
-- statement here may meet its table in place.)
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    ruleset TEXT NOT NULL,
    overrides TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS server (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
