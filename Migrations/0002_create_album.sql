-- Albums group photos; the demo's list has one section per album.
-- migrate:up
CREATE TABLE album (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    user_id INTEGER REFERENCES user(id) ON DELETE SET NULL
);
CREATE INDEX album_user ON album(user_id);

-- migrate:down
DROP TABLE album;
