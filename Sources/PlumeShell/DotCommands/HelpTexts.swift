extension Shell {
    /// `.help mode`.
    static let modeHelp = """
           MODE is one of:
             ascii       Columns/rows delimited by 0x1F and 0x1E
             box         Tables using unicode box-drawing characters
             csv         Comma-separated values
             column      Output in columns.  (See .width)
             html        HTML <table> code
             insert      SQL insert statements for TABLE
             json        Results in a JSON array
             line        One value per line
             list        Values delimited by "|"
             markdown    Markdown table format
             qbox        Shorthand for "box --wrap 60 --quote"
             quote       Escape answers as for SQL
             table       ASCII-art table
             tabs        Tab-separated values
             tcl         TCL list elements
           OPTIONS: (for columnar modes or insert mode):
             --wrap N       Wrap output lines to no longer than N characters
             --wordwrap B   Wrap or not at word boundaries per B (on/off)
             --ww           Shorthand for "--wordwrap 1"
             --quote        Quote output text as SQL literals
             --noquote      Do not quote output text
             TABLE          The name of SQL table used for "insert" mode
           Aligned modes (box, column, markdown, table) measure text by display
           width: CJK characters and emoji take two columns.

        """

    /// `.help dump`.
    static let dumpHelp = """
           Options:
             --data-only            Output only INSERT statements
             --newlines             Allow unescaped newline characters in output
             --nosys                Omit system tables (ex: "sqlite_stat1")
             --preserve-rowids      Include ROWID values in the output
           OBJECTS is a LIKE pattern for tables, indexes, triggers or views to dump
           Additional LIKE patterns can be given in subsequent arguments

        """

    /// `.help schema`.
    static let schemaHelp = """
           Options:
              --indent             Try to pretty-print the schema
              --nosys              Omit objects whose names start with "sqlite_"

        """

    /// `.help open`.
    static let openHelp = """
             Options:
                --new           Create FILE, or empty it if it exists
                --readonly      Open FILE readonly
             FILE must exist unless --new is given; without FILE, a new
             in-memory database is opened.

        """
}
