-- Which server instance drives each game (its bots, stand-ins and turn timers), until when:
-- a lease in milliseconds of PostgreSQL's own clock, renewed by its holder, taken over by
-- another instance once it has run out. The lease decides who tries; the events' key decides
-- who wins.
CREATE TABLE drivers (
    game TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    instance TEXT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX drivers_instance ON drivers (instance);
