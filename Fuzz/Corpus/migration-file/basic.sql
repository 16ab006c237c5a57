-- migrate:up
CREATE TABLE t(id INTEGER PRIMARY KEY, a);

-- migrate:down
DROP TABLE t;
