import ArgumentParser

/// The exit codes of every subcommand, defined once.
package enum ExitCodes {
    /// Every expectation held.
    static let success = ExitCode(0)
    /// An `expect` failed or a snapshot did not match.
    static let failure = ExitCode(1)
    /// A spec is invalid: it did not load or check.
    package static let invalidSpec = ExitCode(2)
    /// A path given does not exist, or a spec's file name cannot be read (sysexits' `EX_NOINPUT`).
    static let noInput = ExitCode(66)
    /// A tool the command needs is not installed (sysexits' EX_UNAVAILABLE), such as Graphviz for `graph --format svg`.
    package static let unavailable = ExitCode(69)
    /// Standard output or standard error could not be written (sysexits' `EX_IOERR`).
    static let outputFailed = ExitCode(74)
    /// The command line was wrong (argument-parser's own validation code).
    static let usage = ExitCode.validationFailure
}
