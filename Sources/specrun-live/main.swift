import SpecrunCLI

// `specrun-live`: the whole command line, with the commands that use the network run here
// (`preview`, `run --live`); `specrun` becomes this program for them (NetworkedCommands.swift in
// SpecrunCLI says why).
NetworkedCommandsHost.here = LiveCommands()
SpecRun.main()
