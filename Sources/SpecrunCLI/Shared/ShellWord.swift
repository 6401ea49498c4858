/// A word for a command a hint prints, quoted for a POSIX shell only when it needs to be, so that
/// the hint can be copied and run as it is.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./-+=:@,%".unicodeScalars.contains(scalar))
        }
        if plain && !word.hasPrefix("-") { return word }
        // A leading '-' would read as an option: './' keeps a relative path a path.
        let word = word.hasPrefix("-") ? "./" + word : word
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
