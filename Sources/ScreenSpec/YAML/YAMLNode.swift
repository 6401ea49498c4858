import SpecRuntime

/// A YAML node with its place in the file. Locations take no part in equality.
package struct YAMLNode: Sendable, CustomStringConvertible {
    package enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    package struct Scalar: Sendable, Hashable {
        package var value: String
        package var style: ScalarStyle
        /// A tag written in the file (`!foo`), which specs never use: it usually means an
        /// unquoted expression that starts with `!`.
        package var tag: String?

        package init(value: String, style: ScalarStyle = .plain, tag: String? = nil) {
            self.value = value
            self.style = style
            self.tag = tag
        }
    }

    package enum Kind: Sendable {
        case scalar(Scalar)
        case mapping([(key: YAMLNode, value: YAMLNode)])
        case sequence([YAMLNode])
    }

    package var kind: Kind
    package var range: SpecRange

    package init(_ kind: Kind, range: SpecRange) {
        self.kind = kind
        self.range = range
    }

    package var scalar: Scalar? {
        if case .scalar(let s) = kind { return s }
        return nil
    }

    /// The scalar's text, or nil for a mapping or sequence.
    package var string: String? { scalar?.value }

    package var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let m) = kind { return m }
        return nil
    }

    package var sequence: [YAMLNode]? {
        if case .sequence(let s) = kind { return s }
        return nil
    }

    /// A YAML null: `~`, `null` or nothing, unquoted.
    package var isNull: Bool {
        guard let s = scalar, s.style == .plain, s.tag == nil else { return false }
        return s.value.isEmpty || s.value == "~" || s.value == "null" || s.value == "Null" || s.value == "NULL"
    }

    /// What a user would call this node in a message.
    package var kindName: String {
        switch kind {
        case .scalar: return isNull ? "nothing" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    package var description: String {
        switch kind {
        case .scalar(let s): return s.value
        case .mapping(let m): return "{" + m.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .sequence(let s): return "[" + s.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
