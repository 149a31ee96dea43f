-- The server instances alive on the database, each until `expires` (milliseconds of PostgreSQL's
-- own clock), renewed with its leases: the games' leases are shared evenly between them, so a
-- new instance takes its share and a dead one's games are spread over the others.
CREATE TABLE instances (
    instance TEXT PRIMARY KEY,
    expires BIGINT NOT NULL
);
