-- migrate:up
CREATE TABLE album (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
-- migrate:down
DROP TABLE album;
