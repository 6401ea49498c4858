/// One key press, as a terminal in raw mode sends it.
enum Key: Equatable {
    /// A printable key, exactly as typed: `A` is not `a`.
    case character(Character)
    /// Enter, Tab, Backspace, Ctrl and a letter…: one C0 control byte or DEL.
    case control(UInt8)
    /// An arrow, a function key, Home, Alt and a key…: ESC and what follows it, read whole so
    /// that no byte of it is taken for a key of its own (`ESC [ A`, the Up arrow, is not `A`).
    case escapeSequence([UInt8])
    /// Esc pressed alone: nothing followed it within a moment.
    case escape
    /// Ctrl-C (raw mode turns signal keys off, so it arrives as a byte).
    case interrupt
    /// Ctrl-D, or the end of the input.
    case endOfInput
    /// Bytes that are not UTF-8.
    case invalid([UInt8])
}

/// Splits the bytes a terminal sends into keys, without a terminal: `read(wait)` gives the next
/// byte; with `wait` false it gives up after a short pause (nil), with `wait` true it waits for
/// one; nil then means the end of the input.
///
/// Escape sequences follow ECMA-48, as xterm, tmux and the Linux console send them: CSI
/// (`ESC [`, parameter and intermediate bytes 0x20–0x3F, then a final byte 0x40–0x7E; the Linux
/// console's `ESC [ [ A` for F1 too), SS3 (`ESC O` and one byte), and Alt with a key (`ESC` and
/// the key; `ESC ESC [ A` for Alt-Up). A sequence cut short (a pause, the end of the input, a
/// byte that cannot be part of it) ends there, so a stray byte never stalls the reader.
enum KeyDecoder {
    static let esc: UInt8 = 0x1B
    /// A longer CSI is not a key; it is cut off so that reading always makes progress.
    static let longestSequence = 32

    static func next(_ read: (_ wait: Bool) -> UInt8?) -> Key {
        guard let byte = read(true) else { return .endOfInput }
        switch byte {
        case 3: return .interrupt
        case 4: return .endOfInput
        case esc: return escapeSequence(read)
        case 0..<0x20, 0x7F: return .control(byte)
        case 0x20..<0x7F: return .character(Character(Unicode.Scalar(byte)))
        default: return character(startingWith: byte, read)
        }
    }

    private static func escapeSequence(_ read: (_ wait: Bool) -> UInt8?) -> Key {
        var bytes = [esc]
        guard var byte = read(false) else { return .escape }
        // ESC ESC …: Alt with a key that is itself a sequence.
        while byte == esc, bytes.count < longestSequence {
            bytes.append(byte)
            guard let next = read(false) else { return .escapeSequence(bytes) }
            byte = next
        }
        bytes.append(byte)
        switch byte {
        case UInt8(ascii: "["):
            // The Linux console's function keys: ESC [ [ A … ESC [ [ E.
            if let next = read(false) {
                bytes.append(next)
                if next == UInt8(ascii: "[") {
                    if let final = read(false) { bytes.append(final) }
                    return .escapeSequence(bytes)
                }
                var last = next
                while (0x20...0x3F).contains(last), bytes.count < longestSequence, let more = read(false) {
                    bytes.append(more)
                    last = more
                }
            }
        case UInt8(ascii: "O"):
            if let final = read(false) { bytes.append(final) }
        default:
            // Alt and a key; a multi-byte character takes its continuation bytes along.
            for _ in 0..<continuationCount(byte) {
                guard let more = read(false) else { break }
                bytes.append(more)
            }
        }
        return .escapeSequence(bytes)
    }

    private static func character(startingWith lead: UInt8, _ read: (_ wait: Bool) -> UInt8?) -> Key {
        var bytes = [lead]
        let count = continuationCount(lead)
        guard count > 0 else { return .invalid(bytes) }
        for _ in 0..<count {
            guard let byte = read(false) else { return .invalid(bytes) }
            bytes.append(byte)
            guard byte & 0xC0 == 0x80 else { return .invalid(bytes) }
        }
        guard let text = String(validating: bytes, as: UTF8.self), let c = text.first else { return .invalid(bytes) }
        return .character(c)
    }

    /// How many continuation bytes follow a UTF-8 lead byte; 0 for one that leads nothing.
    private static func continuationCount(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 1
        case 0xE0...0xEF: 2
        case 0xF0...0xF4: 3
        default: 0
        }
    }
}
