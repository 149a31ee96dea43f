-- The address that created each game, as a column of its own: the games of an address are
-- counted across every instance (each one holds only its share of them). The games written
-- before it take theirs from their room, where the server kept it (a room's text that is not as
-- the server writes it leaves the creator unknown, never an error).
ALTER TABLE games ADD COLUMN creator TEXT;
UPDATE games SET creator = substring(room from '"creator":"([^"]*)"') WHERE room IS NOT NULL;
CREATE INDEX games_creator ON games (creator);
