/// Diagnostics of reading the file: their ids and one-line summaries (docs/diagnostics.md lists them).
extension DiagnosticID {
    package static let io = DiagnosticID("io", "the file cannot be read, or is a folder")
    package static let tooLarge = DiagnosticID("too-large", "the file is larger than a spec may be (8 MiB)")
    package static let encoding = DiagnosticID("encoding", "the file is not UTF-8 text, or contains a NUL byte")

    /// Every id of reading the file, in the order of docs/diagnostics.md.
    static let readingIDs: [DiagnosticID] = [
        .io,
        .tooLarge,
        .encoding,
    ]
}
