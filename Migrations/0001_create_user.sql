-- The photo library of objc.io's "Lighter View Controllers" sample:
-- people who own albums and take photos.
-- migrate:up
CREATE TABLE user (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
);

-- migrate:down
DROP TABLE user;
