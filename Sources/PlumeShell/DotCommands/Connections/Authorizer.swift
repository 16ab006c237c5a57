import CSQLite

/// `.auth`: prints each authorizer callback.
extension Shell {
    static let authorizerDotCommands: [DotCommand] = [
        DotCommand(name: "auth", minimumLength: 1, usage: ".auth ON|OFF", summary: "Show authorizer callbacks") {
            $0.authorizer($1)
        },
    ]

    /// The authorizer's action codes by number, as `sqlite3` names them.
    private static let authorizerActions = [
        "", "CREATE_INDEX", "CREATE_TABLE", "CREATE_TEMP_INDEX", "CREATE_TEMP_TABLE", "CREATE_TEMP_TRIGGER",
        "CREATE_TEMP_VIEW", "CREATE_TRIGGER", "CREATE_VIEW", "DELETE", "DROP_INDEX", "DROP_TABLE",
        "DROP_TEMP_INDEX", "DROP_TEMP_TABLE", "DROP_TEMP_TRIGGER", "DROP_TEMP_VIEW", "DROP_TRIGGER", "DROP_VIEW",
        "INSERT", "PRAGMA", "READ", "SELECT", "TRANSACTION", "UPDATE", "ATTACH", "DETACH", "ALTER_TABLE",
        "REINDEX", "ANALYZE", "CREATE_VTABLE", "DROP_VTABLE", "FUNCTION", "SAVEPOINT", "RECURSIVE",
    ]

    /// `.auth ON|OFF`: print each authorizer callback (`authorizer: ACTION
    /// "arg" NULL …`), still refusing what safe mode refuses.
    private func authorizer(_ command: DotCommandLine) -> DotCommandResult {
        guard command.arguments.count == 2 else {
            printError("Usage: .auth ON|OFF")
            return .failed
        }
        let connection = self.connection
        let persistentSafeMode = admin.suspendedSafeMode ?? safeMode
        // In safe mode, sqlite3 installs its safe-mode authorizer again
        // before the next SQL runs: `.auth on` shows nothing.
        admin.showsAuthorizations = DotCommandLine.booleanValue(command.bytes(1)) && !persistentSafeMode
        if admin.showsAuthorizations {
            let context = Unmanaged.passUnretained(self).toOpaque()
            sqlite3_set_authorizer(connection, { context, action, first, second, third, fourth in
                let shell = Unmanaged<Shell>.fromOpaque(context!).takeUnretainedValue()
                shell.writeAuthorization(action, [first, second, third, fourth])
                return SQLITE_OK
            }, context)
        } else if persistentSafeMode {
            installSafeModeAuthorizer()
        } else {
            sqlite3_set_authorizer(connection, nil, nil)
        }
        return .succeeded
    }

    private func writeAuthorization(_ action: Int32, _ arguments: [UnsafePointer<CChar>?]) {
        let name = Shell.authorizerActions.indices.contains(Int(action)) ? Shell.authorizerActions[Int(action)] : ""
        output.write("authorizer: \(name)")
        for argument in arguments {
            output.write(" ")
            if let argument {
                output.write(ValueQuoting.cString([UInt8](cString: argument)))
            } else {
                output.write("NULL")
            }
        }
        output.write("\n")
        if safeMode { refuseInSafeMode(action, arguments[0], arguments[1]) }
    }
}
