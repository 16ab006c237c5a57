SELECT 1;
.mode csv
.separator "\t" '|'
SELECT 'a;b',
 "c" -- x;
;
CREATE TRIGGER g AFTER INSERT ON t BEGIN
SELECT 1;
END;
/* open
comment */ ;
.print "a\nb" 'c d'
go
