-- A caption under each photo and a favorite flag.
-- migrate:up
ALTER TABLE photo ADD COLUMN caption TEXT;
ALTER TABLE photo ADD COLUMN favorite INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1));

-- migrate:down
ALTER TABLE photo DROP COLUMN favorite;
ALTER TABLE photo DROP COLUMN caption;
