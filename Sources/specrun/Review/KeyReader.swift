import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads single key presses from a terminal on standard input: canonical mode, echo and
/// signal keys are off only while waiting for a key, so the terminal is always left as found.
enum KeyReader {
    /// Whether standard input is a terminal.
    static var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The next key, lowercased; `q` for Ctrl-C, Ctrl-D or the end of input.
    static func next() -> Character {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return readByte() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        return readByte()
    }

    private static func readByte() -> Character {
        var byte: UInt8 = 0
        while true {
            let n = read(STDIN_FILENO, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1, byte != 3, byte != 4 else { return "q" }
            return Character(Unicode.Scalar(byte)).lowercased().first ?? "q"
        }
    }
}
