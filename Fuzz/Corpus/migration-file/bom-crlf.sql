-- comment
-- migrate:up transaction:false
CREATE TABLE t(a);
INSERT INTO t VALUES (1);
-- migrate:down
DROP TABLE t;
