/// A position in a spec file.
///
/// Lines are 1-based; columns are 1-based and counted in Unicode scalars (libyaml's unit).
public struct SpecLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in characters.
    public var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Earlier in the file.
    public static func < (lhs: SpecLocation, rhs: SpecLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// A half-open range `start..<end` in one spec file.
public struct SpecRange: Hashable, Sendable, CustomStringConvertible {
    /// The path of the file as the user named it.
    public var file: String
    /// The first character.
    public var start: SpecLocation
    /// Just past the last character.
    public var end: SpecLocation

    package init(file: String, start: SpecLocation, end: SpecLocation) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// A range covering a single position.
    package init(file: String, at location: SpecLocation, length: Int = 1) {
        self.init(file: file, start: location, end: SpecLocation(line: location.line, column: location.column + max(length, 1)))
    }

    /// The smallest range covering both.
    package func union(_ other: SpecRange) -> SpecRange {
        SpecRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// `file:line:column` of the start.
    public var description: String { "\(file):\(start)" }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension SpecLocation: Codable {}
extension SpecRange: Codable {}
