/// Decodes `Decodable` values from a ``JSONDocument`` tree, with the coding path of every
/// refusal: a missing key, a value of another type, a fraction or an out-of-range number where an
/// integer belongs, a number too large for a Double. `CompiledSpec.load` reads programs with it.
///
/// Numbers are read only as they are decoded, by the type asked for: an integer type takes an
/// integer written without fraction or exponent that fits it; a floating-point type takes any
/// number that is finite in it, and the strings `+inf`, `-inf` and `nan` (how `CompiledSpec.json`
/// writes what JSON has no number for).
struct JSONTreeDecoder: Decoder {
    let node: JSONDocument.Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ node: JSONDocument.Node, codingPath: [any CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    /// `T` read from `node`.
    static func decode<T: Decodable>(_ type: T.Type, from node: JSONDocument.Node) throws -> T {
        try T(from: JSONTreeDecoder(node))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else { throw mismatch([String: Any].self, "an object") }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node.value else { throw mismatch([Any].self, "an array") }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(node: node, codingPath: codingPath) }

    private func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        JSONTreeDecoder.mismatch(type, expected, node, codingPath)
    }

    static func mismatch(_ type: Any.Type, _ expected: String, _ node: JSONDocument.Node, _ path: [any CodingKey]) -> DecodingError {
        let found: String
        switch node.value {
        case .null: found = "null"
        case .bool(let b): found = b ? "true" : "false"
        case .number(let n): found = n.count > 40 ? "a number of \(n.count) characters" : n
        case .string: found = "a string"
        case .array: found = "an array"
        case .object: found = "an object"
        }
        return DecodingError.typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(expected), found \(found)"))
    }
}

/// An array element's place in a coding path.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// The one value of a node, read as the type asked for.
private struct Single: SingleValueDecodingContainer {
    let node: JSONDocument.Node
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = node.value else { throw JSONTreeDecoder.mismatch(type, "true or false", node, codingPath) }
        return b
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = node.value else { throw JSONTreeDecoder.mismatch(type, "a string", node, codingPath) }
        return s
    }

    func decode(_ type: Double.Type) throws -> Double { try floating(type) }
    func decode(_ type: Float.Type) throws -> Float { try floating(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: JSONTreeDecoder(node, codingPath: codingPath)) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text) = node.value else { throw JSONTreeDecoder.mismatch(type, "an integer", node, codingPath) }
        guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
            throw JSONTreeDecoder.mismatch(type, "an integer", node, codingPath)
        }
        guard let value = T(text) else {
            let shown = text.count > 40 ? "an integer of \(text.count) digits" : text
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(shown) is outside \(T.min)...\(T.max)"))
        }
        return value
    }

    private func floating<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        switch node.value {
        case .string("+inf"): return T.infinity
        case .string("-inf"): return -T.infinity
        case .string("nan"): return T.nan
        case .number(let text):
            guard let value = T(text), value.isFinite else {
                let shown = text.count > 40 ? "a number of \(text.count) characters" : text
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(shown) is not a finite \(T.self)"))
            }
            return value
        default: throw JSONTreeDecoder.mismatch(type, "a number", node, codingPath)
        }
    }
}

/// An object's members by key.
private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONDocument.Node]
    let order: [String]
    let codingPath: [any CodingKey]

    init(members: [(key: String, value: JSONDocument.Node)], codingPath: [any CodingKey]) {
        // Keys are unique: the reader refuses an object with one twice.
        self.members = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        self.order = members.map(\.key)
        self.codingPath = codingPath
    }

    var allKeys: [Key] { order.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func node(_ key: Key) throws -> JSONDocument.Node {
        guard let node = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no key '\(key.stringValue)'"))
        }
        return node
    }

    private func single(_ key: Key) throws -> Single { Single(node: try node(key), codingPath: codingPath + [key]) }

    func decodeNil(forKey key: Key) throws -> Bool { try single(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try single(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONTreeDecoder(try node(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONTreeDecoder(try node(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else { throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "no key 'super'")) }
        return try superDecoder(forKey: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { JSONTreeDecoder(try node(key), codingPath: codingPath + [key]) }
}

/// An array's elements in order.
private struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [JSONDocument.Node]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONDocument.Node], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> (node: JSONDocument.Node, path: [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "expected another element after \(elements.count)"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], codingPath + [IndexKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw DecodingError.valueNotFound(Any?.self, .init(codingPath: codingPath, debugDescription: "expected another element")) }
        if case .null = elements[currentIndex].value {
            currentIndex += 1
            return true
        }
        return false
    }

    private mutating func single(_ type: Any.Type) throws -> Single {
        let (node, path) = try next(type)
        return Single(node: node, codingPath: path)
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try single(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try single(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try single(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try single(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try single(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try single(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try single(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try single(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try single(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try single(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try single(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try single(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try single(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try single(type).decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try single(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (node, path) = try next(type)
        return try JSONTreeDecoder(node, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try next([Any].self)
        return try JSONTreeDecoder(node, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try next(Any.self)
        return JSONTreeDecoder(node, codingPath: path)
    }
}
