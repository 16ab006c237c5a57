extension Shell {
    /// `.help archive`.
    static let archiveHelp = """
       Each command must have exactly one of the following options:
         -c, --create               Create a new archive
         -u, --update               Add or update files with changed mtime
         -i, --insert               Like -u but always add even if unchanged
         -r, --remove               Remove files from archive
         -t, --list                 List contents of archive
         -x, --extract              Extract files from archive
       Optional arguments:
         -v, --verbose              Print each filename as it is processed
         -f FILE, --file FILE       Use archive FILE (default is current db)
         -a FILE, --append FILE     Open FILE using the apndvfs VFS
         -C DIR, --directory DIR    Read/extract files from directory DIR
         -g, --glob                 Use glob matching for names in archive
         -n, --dryrun               Show the SQL that would have occurred
       Examples:
         .ar -cf ARCHIVE foo bar  # Create ARCHIVE from files foo and bar
         .ar -tf ARCHIVE          # List members of ARCHIVE
         .ar -xvf ARCHIVE         # Verbosely extract files from ARCHIVE
       See also:
          http://sqlite.org/cli.html#sqlite_archive_support

    """

    /// `.help filectrl`.
    static let fileControlHelp = """
       --schema SCHEMA         Use SCHEMA instead of "main"
       --help                  Show CMD details

    """

    /// `.help indexes`.
    static let indexesHelp = """
                               If TABLE is specified, only show indexes for
                               tables matching TABLE using the LIKE operator.

    """

    /// `.help lint`.
    static let lintHelp = """
         Options:
            fkey-indexes     Find missing foreign key indexes

    """

    /// `.help progress`.
    static let progressHelp = """
       --limit N                 Interrupt after N progress callbacks
       --once                    Do no more than one progress interrupt
       --quiet|-q                No output except at interrupts
       --reset                   Reset the count for each input and interrupt

    """

    /// `.help recover`.
    static let recoverHelp = """
       --ignore-freelist        Ignore pages that appear to be on db freelist
       --lost-and-found TABLE   Alternative name for the lost-and-found table
       --no-rowids              Do not attempt to recover rowid values
                                that are not also INTEGER PRIMARY KEYs

    """

    /// `.help selftest`.
    static let selftestHelp = """
        Options:
           --init               Create a new SELFTEST table
           -v                   Verbose output

    """

    /// `.help session`.
    static let sessionHelp = """
       Subcommands:
         attach TABLE             Attach TABLE
         changeset FILE           Write a changeset into FILE
         close                    Close one session
         enable ?BOOLEAN?         Set or query the enable bit
         filter GLOB...           Reject tables matching GLOBs
         indirect ?BOOLEAN?       Mark or query the indirect status
         isempty                  Query whether the session is empty
         list                     List currently open session names
         open DB NAME             Open a new session on DB
         patchset FILE            Write a patchset into FILE
       If ?NAME? is omitted, the first defined session is used.

    """

    /// `.help sha3sum`.
    static let sha3sumHelp = """
        Options:
          --schema              Also hash the sqlite_schema table
          --sha3-224            Use the sha3-224 algorithm
          --sha3-256            Use the sha3-256 algorithm (default)
          --sha3-384            Use the sha3-384 algorithm
          --sha3-512            Use the sha3-512 algorithm
        Any other argument is a LIKE pattern for tables to hash

    """

    /// `.help testctrl`.
    static let testControlHelp = """
                               Run ".testctrl" with no arguments for details

    """
}
