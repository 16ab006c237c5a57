-- migrate:up
CREATE TABLE t(a);
INSERT INTO nope VALUES (1);
