import SpecRuntime


/// Estimates of the bytes exploration keeps, for `--max-memory`: what a value holds on the heap
/// beyond its place in an array, and how much of that a state shares with the state it came from.
///
/// An estimate on the high side, never a walk of everything per step: a saved state is measured
/// once, when it is saved, against its parent. Strings and lists a step did not replace are the
/// parent's storage (the graph's values are copied element by element, which shares it), so they
/// cost nothing again; what the step built is counted whole. Allocator overhead is not known, so a
/// heap block counts a fixed header.
enum HeldBytes {
    /// What one heap block costs beyond its contents: Swift's object header and the allocator's.
    static let header = 32
    /// A closure's context on the clock's queue, which cannot be measured.
    static let closure = 64

    /// The heap bytes `value` holds, through lists, records and errors.
    static func of(_ value: Value) -> Int {
        switch value {
        case .void, .bool, .int, .double, .none: return 0
        case .string(let s): return stringBytes(s)
        case .list(let items): return listBytes(items)
        case .record(let r): return header + listBytes(r.fields)
        case .enumCase: return header
        case .error(let e): return header + (e.message.map(stringBytes) ?? 0) + (e.body.map(of) ?? 0)
        case .navigation(let n): return header + listBytes(n.params)
        case .color: return header
        }
    }

    /// The heap bytes `new` holds that `old` does not share: 0 when it is the same storage.
    @inline(__always)
    static func added(_ new: Value, over old: Value) -> Int {
        switch (new, old) {
        case (.void, _), (.bool, _), (.int, _), (.double, _), (.none, _): return 0
        case (.string(let a), .string(let b)): return sameStorage(a, b) ? 0 : stringBytes(a)
        case (.list(let a), .list(let b)): return sameStorage(a, b) ? 0 : listBytes(a)
        case (.record(let a), .record(let b)): return sameStorage(a.fields, b.fields) ? 0 : of(new)
        default: return of(new)
        }
    }

    /// Small strings (up to 15 UTF-8 bytes) live inside the value.
    private static func stringBytes(_ s: String) -> Int {
        let count = s.utf8.count
        return count <= 15 ? 0 : header + count
    }

    private static func listBytes(_ items: [Value]) -> Int {
        guard !items.isEmpty else { return 0 }
        var bytes = header + items.count * MemoryLayout<Value>.stride
        for item in items { bytes += of(item) }
        return bytes
    }

    private static func sameStorage(_ a: String, _ b: String) -> Bool {
        let pa = a.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        let pb = b.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        return pa != nil && pa == pb && a.utf8.count == b.utf8.count
    }

    private static func sameStorage(_ a: [Value], _ b: [Value]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }
}
