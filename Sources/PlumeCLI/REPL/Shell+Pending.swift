struct ExpertRequest {}

extension Shell {
    func expert(_ command: DotCommandLine) -> DotCommandResult { .succeeded }
}
