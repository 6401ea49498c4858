import Foundation
import Testing
@testable import SpecrunCLI

/// `specrun review` acts only on the keys it names: an arrow is an escape sequence read whole
/// and ignored, not three keys of which the last (`A`) accepted (issue 25, item 6). The same on a
/// real terminal, and the terminal restored after a kill: `ReviewKeysTerminalTests`.
@Suite struct ReviewKeyTests {
    /// Every key in `bytes`; a pause (nil when not waiting) after each written chunk, as a
    /// terminal sends one key per write.
    static func keys(_ chunks: [UInt8]...) -> [Key] {
        var queue = chunks
        var current: [UInt8] = []
        var keys: [Key] = []
        func read(_ wait: Bool) -> UInt8? {
            if current.isEmpty {
                // A pause between two writes: a reader that does not wait sees nothing.
                guard wait, !queue.isEmpty else { return nil }
                current = queue.removeFirst()
                if current.isEmpty { return nil }
            }
            return current.removeFirst()
        }
        while true {
            let key = KeyDecoder.next(read)
            if key == .endOfInput { return keys }
            keys.append(key)
        }
    }

    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func arrowsAndFunctionKeysAreOneKeyEach() {
        let esc = "\u{1B}"
        #expect(Self.keys(Self.bytes("\(esc)[A")) == [.escapeSequence(Self.bytes("\(esc)[A"))], "Up")
        #expect(Self.keys(Self.bytes("\(esc)OA")) == [.escapeSequence(Self.bytes("\(esc)OA"))], "Up in application mode")
        #expect(Self.keys(Self.bytes("\(esc)[1;2A")) == [.escapeSequence(Self.bytes("\(esc)[1;2A"))], "Shift-Up")
        #expect(Self.keys(Self.bytes("\(esc)[15~")) == [.escapeSequence(Self.bytes("\(esc)[15~"))], "F5")
        #expect(Self.keys(Self.bytes("\(esc)[[A")) == [.escapeSequence(Self.bytes("\(esc)[[A"))], "F1 on the Linux console")
        #expect(Self.keys(Self.bytes("\(esc)\(esc)[A")) == [.escapeSequence(Self.bytes("\(esc)\(esc)[A"))], "Alt-Up")
        #expect(Self.keys(Self.bytes("\(esc)a")) == [.escapeSequence(Self.bytes("\(esc)a"))], "Alt-a is not a")
        #expect(Self.keys(Self.bytes("\(esc)é")) == [.escapeSequence(Self.bytes("\(esc)é"))], "Alt-é")
        // Keys typed after a sequence, each in its own write, are keys again.
        #expect(Self.keys(Self.bytes("\(esc)[B"), Self.bytes("s"), Self.bytes("\(esc)[200~")) == [
            .escapeSequence(Self.bytes("\(esc)[B")), .character("s"), .escapeSequence(Self.bytes("\(esc)[200~")),
        ])
    }

    @Test func aLoneEscapeEndsAtThePauseAndACutSequenceNeverStalls() {
        #expect(Self.keys([0x1B], Self.bytes("a")) == [.escape, .character("a")])
        #expect(Self.keys([0x1B]) == [.escape])
        // A CSI that never ends stops at the longest sequence; one cut by a pause ends there.
        let long = [0x1B, UInt8(ascii: "[")] + [UInt8](repeating: UInt8(ascii: "1"), count: 100)
        let keys = Self.keys(long)
        #expect(keys.first == .escapeSequence(Array(long.prefix(KeyDecoder.longestSequence))))
        #expect(keys.dropFirst().allSatisfy { $0 == .character("1") })
        #expect(Self.keys(Self.bytes("\u{1B}[1;"), Self.bytes("r")) == [.escapeSequence(Self.bytes("\u{1B}[1;")), .character("r")])
    }

    @Test func lettersKeepTheirCaseAndControlsAreNamed() {
        #expect(Self.keys(Self.bytes("aArRsSq")) == "aArRsSq".map { .character($0) })
        #expect(Self.keys([3]) == [.interrupt])
        #expect(Self.keys([4, UInt8(ascii: "a")]) == [], "Ctrl-D ends the input")
        #expect(Self.keys([13, 9, 0x7F]) == [.control(13), .control(9), .control(0x7F)])
        #expect(Self.keys(Self.bytes("é日")) == [.character("é"), .character("日")])
        #expect(Self.keys([0xFF, 0xC3]) == [.invalid([0xFF]), .invalid([0xC3])])
    }
}
