-- Photos: name, creation date (seconds since 1970), rating (0 to 5),
-- the album they belong to and who took them.
-- migrate:up
CREATE TABLE photo (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    created REAL NOT NULL,
    rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
    album_id INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES user(id) ON DELETE SET NULL
);
-- The list sorts photos by album, then by creation date.
CREATE INDEX photo_album_created ON photo(album_id, created);
CREATE INDEX photo_user ON photo(user_id);

-- migrate:down
DROP TABLE photo;
