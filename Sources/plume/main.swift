import PlumeCLI
PlumeCommand.main()
