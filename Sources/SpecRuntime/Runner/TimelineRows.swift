import SpecProgram

/// How the text form of a timeline prints the rows of cell view models: a row in full the first
/// time it is shown, then by its identity with only the fields that changed since it was last
/// shown, so a list of rows with twenty fields each is one short line per change:
///
/// ```
///    300ms  rows.created        MessageRow(message: Message(id: 1000, …), status: .idle, …)
///    300ms  rows.toDeliver      MessageRow[1000] { status: .sending, deliver.executing: true }
///    300ms  rows                [MessageRow[3], MessageRow[4], MessageRow[1000]]
/// ```
///
/// A child (`children:`) has no identity to write: `AddressForm { postcode: "12345" }`. The JSON
/// lines and every comparison (`expect:`, snapshots of values, conformance) keep whole rows;
/// this is only how a person reads them.
package struct TimelineRows {
    /// One `cells:` or `children:` entry as the text form needs it.
    package struct List: Sendable, Hashable {
        /// The entry's name (`rows`, `shipping`): the list, and the prefix of its streams.
        package var name: String
        /// The view model's name, the record type of a row.
        package var model: String
        /// The field of a row's element that identifies the row (`id:`).
        package var key: Int
        /// Whether the entry is a child, whose one row has no identity worth printing.
        package var isChild: Bool

        package init(name: String, model: String, key: Int, isChild: Bool) {
            self.name = name
            self.model = model
            self.key = key
            self.isChild = isChild
        }

        /// The entries of `spec`, in declaration order.
        package static func of(_ spec: CheckedSpec) -> [List] {
            spec.cells.map { List(name: $0.name, model: $0.model, key: $0.key, isChild: $0.instance != nil) }
        }
    }

    private let lists: [List]
    /// Per list, the row last shown for each identity.
    private var shown: [[Value: RecordValue]]

    package init(_ lists: [List]) {
        self.lists = lists
        shown = Array(repeating: [:], count: lists.count)
    }

    /// `value`, emitted on `name`, as the text form prints it; nil when it holds no row, so the
    /// caller prints it as any value.
    package mutating func text(_ value: Value, emittedOn name: String) -> String? {
        guard !lists.isEmpty, let l = list(for: name, value) else { return nil }
        switch value {
        case .list(let items) where items.isEmpty && name == lists[l].name:
            // No row is left: one made again (the undo of the last one) is a new row.
            shown[l].removeAll()
            return nil
        case .record(let r) where r.type == lists[l].model:
            return row(r, l)
        case .list(let items) where items.contains(where: { if case .record(let r) = $0 { r.type == lists[l].model } else { false } }):
            var out = "["
            var present: Set<Value> = []
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                if case .record(let r) = item, r.type == lists[l].model {
                    out += row(r, l)
                    present.insert(identity(r, l))
                } else {
                    out += ValueFormatter.text(item)
                }
            }
            // The entry's own list is every row there is: a row it no longer holds was removed,
            // and one made again with that identity (an undo) is a new row, printed whole.
            if name == lists[l].name { shown[l] = shown[l].filter { present.contains($0.key) } }
            return out + "]"
        default:
            return nil
        }
    }

    /// The entry whose rows an emission on `name` carries: the entry of that name or of the
    /// stream's prefix (`rows.deliver.errors`), else the one entry of the value's view model.
    private func list(for name: String, _ value: Value) -> Int? {
        if let l = lists.firstIndex(where: { name == $0.name || (name.hasPrefix($0.name) && name.dropFirst($0.name.count).first == ".") }) {
            return l
        }
        let type: String
        switch value {
        case .record(let r): type = r.type
        case .list(let items):
            guard case .record(let r)? = items.first else { return nil }
            type = r.type
        default: return nil
        }
        let matching = lists.indices.filter { lists[$0].model == type }
        return matching.count == 1 ? matching[0] : nil
    }

    /// The identity of row `r` of entry `l`: its element's key field.
    private func identity(_ r: RecordValue, _ l: Int) -> Value {
        if case .record(let element)? = r.fields.first, lists[l].key < element.fields.count { element.fields[lists[l].key] } else { .none }
    }

    private mutating func row(_ r: RecordValue, _ l: Int) -> String {
        let identity = identity(r, l)
        guard let last = shown[l][identity], last.fieldNames == r.fieldNames else {
            shown[l][identity] = r
            return ValueFormatter.text(.record(r))
        }
        shown[l][identity] = r
        var out = lists[l].isChild ? r.type : r.type + "[" + ValueFormatter.text(identity) + "]"
        var first = true
        for i in r.fields.indices where !r.fieldNames[i].hasPrefix("$") && r.fields[i] != last.fields[i] {
            out += first ? " { " : ", "
            first = false
            out += r.fieldNames[i] + ": " + ValueFormatter.text(r.fields[i])
        }
        return first ? out : out + " }"
    }
}
