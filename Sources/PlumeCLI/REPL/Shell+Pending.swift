struct ExpertRequest {}

extension Shell {
    func archive(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
    func expert(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
}
