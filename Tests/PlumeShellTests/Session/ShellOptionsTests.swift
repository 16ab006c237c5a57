@testable import PlumeShell
import Testing

/// `sqlite3`'s first pass over the command line.
@Suite struct ShellOptionsTests {
    @Test func databaseThenCommands() throws {
        let options = try ShellOptions(["-csv", "photos.db", "SELECT 1", "--header", ".tables"])
        #expect(options.databasePath == "photos.db")
        #expect(options.commands == ["SELECT 1", ".tables"])
    }

    @Test func valuesAreNotCommands() throws {
        let options = try ShellOptions(["-separator", ";", "-cmd", ".print x", "--init", "rc", "db", "-nullvalue", "N"])
        #expect(options.databasePath == "db")
        #expect(options.commands.isEmpty)
        #expect(options.initFile == "rc")
    }

    @Test func openingOptionsTheLastWins() throws {
        let options = try ShellOptions(["-readonly", "-deserialize", "-maxsize", "2KiB", "-nofollow", "db"])
        #expect(options.opening == .deserialize)
        #expect(options.maxSize == 2048)
        #expect(options.refusesSymbolicLinks)
    }

    @Test func memoryOptions() throws {
        let options = try ShellOptions(["-pagecache", "100000", "4", "-lookaside", "-5", "10", "-mmap", "0x10", "-memtrace"])
        #expect(options.pageCache == .init(slotSize: 70000, slotCount: 4))
        #expect(options.lookaside == .init(slotSize: 0, slotCount: 10))
        #expect(options.mmapSize == 16)
        #expect(options.memoryTrace)
    }

    @Test func archiveEndsThePass() throws {
        let options = try ShellOptions(["db", "-Atf", "x.zip", "-bail"])
        #expect(options.archive)
        #expect(!options.bail)
    }

    @Test func missingValueNamesTheLastArgument() {
        #expect(throws: ShellOptions.Failure.missingArgument(lastArgument: "100")) {
            try ShellOptions(["-pagecache", "100"])
        }
        #expect(ShellOptions.Failure.missingArgument(lastArgument: "--cmd").message(program: "plume")
            == "plume: Error: missing argument to --cmd\n")
        #expect(ShellOptions.Failure.unknownOption("-bogus").message(program: "plume")
            == "plume: Error: unknown option: -bogus\nUse -help for a list of options.\n")
    }

    @Test(arguments: [("12", 12), ("-3", -3), ("+4", 4), ("0x1f", 31), ("2K", 2000), ("2kib", 2048),
                      ("1MB", 1_000_000), ("1GiB", 1 << 30), ("7x", 7), ("", 0)] as [(String, Int64)])
    func integerValue(text: String, value: Int64) {
        #expect(ShellOptions.integerValue(text) == value)
    }
}
