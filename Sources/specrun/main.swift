import SpecrunCLI

// `specrun`: every command. `preview` and `run --live` use the network and run in `specrun-live`,
// which this process becomes for them (NetworkedCommands.swift says why).
SpecRun.main()
