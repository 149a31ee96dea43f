-- Each game lives in one instance, its owner (the holder of its lease in `drivers`); the other
-- instances forward its requests and sockets there, at the address the owner gives for the
-- instances' own traffic.
ALTER TABLE instances ADD COLUMN address TEXT;
-- The key the instances show one another on their own listeners, made by the first instance
-- from the operating system's generator: whoever can read the database is one of them.
CREATE TABLE cluster (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
