import Foundation
import PlumeTerminal

/// `.nonce`: safe mode suspended for one command.
extension Shell {
    static let nonceDotCommands: [DotCommand] = [
        DotCommand(name: "nonce", minimumLength: 5, usage: ".nonce STRING",
                   summary: "Suspend safe mode for one command if nonce matches") { $0.nonce($1) },
    ]

    /// `.nonce STRING`: with the nonce `-nonce` gave, safe mode is off for
    /// the next command or SQL; with another, the shell ends.
    private func nonce(_ command: DotCommandLine) -> DotCommandResult {
        guard command.arguments.count == 2 else {
            printError("Usage: .nonce NONCE")
            return .failed
        }
        guard let nonce = admin.nonce, command.bytes(1) == Array(nonce.utf8) else {
            output.flush()
            StandardStreams.writeError(Array("line \(lineNumber): incorrect nonce: \"".utf8) + command.bytes(1) + Array("\"\n".utf8))
            Foundation.exit(1)
        }
        if admin.suspendedSafeMode == nil { admin.suspendedSafeMode = safeMode }
        safeMode = false
        return .succeeded
    }

    /// Ends what `.nonce` suspended: after each command and SQL line but
    /// `.nonce` itself.
    func endSafeModeSuspension() {
        guard let persistent = admin.suspendedSafeMode else { return }
        safeMode = persistent
        admin.suspendedSafeMode = nil
    }
}
