import CSQLite

extension Shell {
    /// `.selftest`.
    static let selftestDotCommands: [DotCommand] = [
        DotCommand(name: "selftest", minimumLength: 4, usage: ".selftest ?OPTIONS?",
                   summary: "Run tests defined in the SELFTEST table", details: Shell.selftestHelp) { $0.selftest($1) },
    ]

    /// `.help selftest`.
    static let selftestHelp = """
        Options:
           --init               Create a new SELFTEST table
           -v                   Verbose output

    """

    /// `.selftest ?--init? ?-v?`: runs the tests of the SELFTEST table (or
    /// an integrity check when there is none), as `sqlite3` does, down to
    /// its exit status, which only the last test decides.
    func selftest(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        guard let (initialize, verbose) = selftestOptions(command) else { return .failed }
        var tableExists = sqlite3_table_column_metadata(connection, "main", "selftest", nil, nil, nil, nil, nil, nil) == SQLITE_OK
        if initialize {
            createSelftestTable(connection)
            tableExists = true
        }
        var code: Int32 = 0, tests = 0, errors = 0
        var pass = tableExists ? 1 : 0
        while pass >= 0 {
            let rows = RawStatement(connection, pass == 1 ? "SELECT tno,op,cmd,ans FROM selftest ORDER BY tno"
                : "VALUES(0,'memo','Missing SELFTEST table - default checks only',''),      (1,'run','PRAGMA integrity_check','ok')")
            code = rows.prepareCode
            if code != SQLITE_OK {
                printError("Error querying the selftest table")
                return .failed
            }
            while rows.step() {
                let number = rows.int(0)
                guard let operation = rows.text(1), let sql = rows.text(2), let answer = rows.text(3) else { continue }
                pass = 0
                if verbose > 0 { output.write(Array("\(number): ".utf8) + operation + [UInt8(ascii: " ")] + sql + [UInt8(ascii: "\n")]) }
                if operation == Array("memo".utf8) {
                    output.write(sql + [UInt8(ascii: "\n")])
                } else if operation == Array("run".utf8) {
                    let (result, message, execCode) = Shell.capture(connection, sql)
                    code = execCode
                    tests += 1
                    if verbose > 0 { output.write(Array("Result: ".utf8) + result + [UInt8(ascii: "\n")]) }
                    if execCode != SQLITE_OK || message != nil {
                        errors += 1
                        code = 1
                        output.write(Array("\(number): error-code-\(code): ".utf8) + (message ?? Array("(null)".utf8)) + Array("\n".utf8))
                    } else if answer != result {
                        errors += 1
                        code = 1
                        output.write(Array("\(number): Expected: [".utf8) + answer + Array("]\n".utf8))
                        output.write(Array("\(number):      Got: [".utf8) + result + Array("]\n".utf8))
                    }
                } else {
                    printError(bytes: Array("Unknown operation \"".utf8) + operation + Array("\" on selftest line \(number)".utf8))
                    code = 1
                    break
                }
            }
            pass -= 1
        }
        output.write("\(errors) errors out of \(tests) tests\n")
        return code == 0 ? .succeeded : .failed
    }

    /// `--init` and how many `-v`; nil after printing why the options are
    /// wrong.
    private func selftestOptions(_ command: DotCommandLine) -> (initialize: Bool, verbose: Int)? {
        var initialize = false, verbose = 0
        for index in 1..<max(1, command.arguments.count) {
            var option = command.bytes(index)
            if option.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { option.removeFirst() }
            if option == Array("-init".utf8) {
                initialize = true
            } else if option == Array("-v".utf8) {
                verbose += 1
            } else {
                printError(bytes: Array("Unknown option \"".utf8) + command.bytes(index) + Array("\" on \"".utf8)
                               + command.bytes(0) + [UInt8(ascii: "\"")])
                printError("Should be one of: --init -v")
                return nil
            }
        }
        return (initialize, verbose)
    }

    /// Runs SQL with `sqlite3_exec`, gathering rows as `sqlite3`'s
    /// `captureOutputCallback` does: rows joined by `|`, values by `,`.
    private static func capture(_ connection: OpaquePointer, _ sql: [UInt8]) -> ([UInt8], [UInt8]?, Int32) {
        final class Box { var text: [UInt8] = [] }
        let box = Box()
        var message: UnsafeMutablePointer<CChar>?
        let code = (sql + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                sqlite3_exec(connection, text.baseAddress, { context, count, values, _ in
                    let box = Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue()
                    guard let values else { return 0 }
                    if !box.text.isEmpty { box.text.append(UInt8(ascii: "|")) }
                    for index in 0..<Int(count) {
                        if index > 0 { box.text.append(UInt8(ascii: ",")) }
                        box.text += [UInt8](cString: values[index])
                    }
                    return 0
                }, Unmanaged.passUnretained(box).toOpaque(), &message)
            }
        }
        let error = message.map { [UInt8](cString: $0) }
        sqlite3_free(message)
        return (box.text, error, code)
    }

    private func createSelftestTable(_ connection: OpaquePointer) {
        var message: UnsafeMutablePointer<CChar>?
        sqlite3_exec(connection, Shell.selftestInitSQL, nil, nil, &message)
        if let message {
            printError(bytes: Array("SELFTEST initialization failure: ".utf8) + [UInt8](cString: message))
            sqlite3_free(message)
        }
        sqlite3_exec(connection, "RELEASE selftest_init", nil, nil, nil)
    }

    private static let selftestInitSQL = """
        SAVEPOINT selftest_init;
        CREATE TABLE IF NOT EXISTS selftest(
          tno INTEGER PRIMARY KEY,
          op TEXT,
          cmd TEXT,
          ans TEXT
        );CREATE TEMP TABLE [_shell$self](op,cmd,ans);
        INSERT INTO [_shell$self](rowid,op,cmd)
          VALUES(coalesce((SELECT (max(tno)+100)/10 FROM selftest),10),
                 'memo','Tests generated by --init');
        INSERT INTO [_shell$self]
          SELECT 'run',
            'SELECT hex(sha3_query(''SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY 2'',224))',
            hex(sha3_query('SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY 2',224));
        INSERT INTO [_shell$self]
          SELECT 'run',    'SELECT hex(sha3_query(''SELECT * FROM "' ||        printf('%w',name) || '" NOT INDEXED'',224))',
            hex(sha3_query(printf('SELECT * FROM "%w" NOT INDEXED',name),224))
          FROM (
            SELECT name FROM sqlite_schema
             WHERE type='table'
               AND name<>'selftest'
               AND coalesce(rootpage,0)>0
          )
         ORDER BY name;
        INSERT INTO [_shell$self]
          VALUES('run','PRAGMA integrity_check','ok');
        INSERT INTO selftest(tno,op,cmd,ans)  SELECT rowid*10,op,cmd,ans FROM [_shell$self];
        DROP TABLE [_shell$self];
        """
}
