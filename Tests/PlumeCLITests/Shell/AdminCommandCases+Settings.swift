/// `.limit`, `.dbconfig`, the VFS commands, `.filectrl`, `.testctrl`,
/// `.progress`, `.scanstats` and `.auth`.
extension AdminCommandCases {
    static let settings: [CommandLineComparison.Case] = [
        script(".limit lists, shows and sets limits", #"""
            .limit
            .limit len
            .limit LENGTH 1k
            .limit sql 0x10
            .limit vari 1KiB
            .limit trigger_depth -5
            .limit c
            .limit col 3
            CREATE TABLE wide(a, b, c, d);
            .limits expr_depth 2mb
            """#),
        script(".limit errors", #"""
            .limit x
            .limit a b c
            .limit lengthy
            .lim
            .limi
            """#),
        script(".dbconfig lists and sets options", #"""
            .dbconfig
            .dbconfig defensive on
            .dbconfig defensive
            .dbconfig enable_fkey 2
            .dbconfig trigger_eqp maybe
            .dbconfig enable_view 0
            CREATE VIEW v AS SELECT 1;
            SELECT * FROM v;
            .dbconfig DEFENSIVE
            .dbconfig nosuch
            .dbconfig nosuch on
            .dbc
            """#),
        script(".vfsinfo and .vfsname", #"""
            .vfsinfo
            .vfsinfo temp
            .vfsinfo nosuch
            .vfsname
            .vfsname main
            .vfsname nosuch
            .vfsi x y
            """#),
        script(".filectrl runs file controls", #"""
            .filectrl
            .filectrl --help
            .filectrl -schema main data_version
            .filectrl --schema main
            .filectrl data
            .filectrl has_moved
            .filectrl lock_timeout
            .filectrl lock_timeout 5
            .filectrl persist_wal
            .filectrl persist_wal on
            .filectrl psow 0
            .filectrl reserve_bytes
            .filectrl size_limit
            .filectrl size_limit 100000
            .filectrl size_limit a b
            .filectrl tempfilename x
            .filectrl chunk_size 1024
            .filectrl p
            .filectrl nosuch
            .filectrl -data_version
            .filectrl --has
            """#),
        script(".testctrl runs test controls", #"""
            .testctrl
            .testctrl --help
            .testctrl byteorder
            .testctrl always 1
            .testctrl always 5
            .testctrl assert on
            .testctrl a
            .testctrl pr
            .testctrl prng_save
            .testctrl prng_restore x
            .testctrl tune
            .testctrl tune 1 2
            .testctrl extra 1
            .testctrl seek_count
            .testctrl optim 0x10
            .testctrl nosuch
            .testctrl internal
            .testctrl sorter_mmap 10
            .testctrl pending_byte
            .testctrl prng_seed 5
            SELECT random();
            .testctrl prng_seed 7 db
            SELECT random();
            .testctrl localtime_fault 0
            .testctrl never_corrupt 0
            .testctrl imposter main 0 0
            .testctr
            """#),
        // Plume reads the schema when it opens the database, sqlite3 with
        // the first statement, which .progress would count.
        script(".progress counts, limits, resets and stays quiet", #"""
            SELECT count(*) FROM parent;
            .progress 5
            SELECT count(*) FROM child;
            .progress 3 --limit 4
            SELECT * FROM child;
            .progress 2 --quiet --limit 2 --reset
            SELECT * FROM child;
            SELECT * FROM child;
            .progress 1 -q --once --limit 3
            SELECT * FROM child; SELECT * FROM child;
            .progress 0
            SELECT 1;
            .progress 4 --limit 0x7
            SELECT * FROM parent, child;
            """#),
        script(".progress errors", #"""
            .progress --limit
            .progress --nope
            .progress -x 5
            .pro 2 extra
            SELECT 1;
            """#),
        script(".scanstats warns it is not in this build", #"""
            .scanstats on
            SELECT 1;
            .scanstats
            .scanstats off
            .scanstats maybe
            .s
            """#),
        script(".auth prints authorizer callbacks", #"""
            .auth on
            SELECT a FROM child;
            INSERT INTO child VALUES (1, 2);
            CREATE TABLE z(y);
            PRAGMA user_version;
            SELECT upper('x') FROM parent WHERE id IN (SELECT a FROM child);
            .auth off
            SELECT 1;
            .auth
            .auth on off
            .au yes
            SELECT 2;
            """#),
    ]
}
