struct ExpertRequest {}
struct ShellSession {}
struct ConnectionSlots {}
extension Shell {
    func archive(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func check(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func excel(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func expert(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func recover(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func session(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func testcase(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func testControl(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func connectionCommand(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
}
