import SpecExploration
import SpecRuntime

/// The moves that give an input a row read from the state (see docs/explore.md, "Strategies"): a
/// table's selection (`select:`, a gesture that only fires the table's `rowSelected` input with
/// the row at its index) and a row's event (`items.avatarTap`, which only fires the screen's
/// stream `<cells>.<input>` with the row, ``DigestCells/rowEventFiresOnly(cells:input:)``), sent
/// directly or by a tap on the row's component that fires it alone, which does nothing on a row
/// where the component is disabled (``DigestCells/rowMoveFiresOnly(cells:input:gesture:)``). Each
/// is a send of the row to that input: repeated, it changes nothing when the input's followers
/// are such that a sent input repeated changes nothing (``DigestCells/repeatsChangeNothing(_:)``);
/// and it drives the input's part (``DigestCells/sinkPart(of:gestures:)``) with the row as its
/// element, so its step is remembered by the part's digest and the row's.
extension ExplorationDriver {
    /// Whether making `gesture` (one of ``DigestCells/firesOnlyEvents(_:)``) now reaches the state
    /// it starts from: the person cannot make it now (a disabled control, a row that is not
    /// there), or each of its events ended or has the payload it carries now as its latest value.
    func repeatsGesture(_ gesture: GesturePlan) -> Bool {
        guard let payload = graph.payloadIfMade(gesture) else { return true }
        for event in gesture.events where graph.streamEnd(of: event) == nil && graph.value(of: event) != payload { return false }
        return true
    }

    /// Whether sending a row event of entry `c` (one of ``DigestCells/rowMoveFiresOnly(cells:input:gesture:)``,
    /// firing `event`, through `gesture` when it is a tap on the row) to the row whose identity is
    /// `row` now reaches the state it starts from: no such row (no step), a tap on a component
    /// disabled on that row (ignored), or a row equal to itself (written back equal, so the rows
    /// do not change) whose event ended or last fired with that row. Unknown (false) when the
    /// component's `enabled` fails on the row: the step reports it.
    func repeatsRowEvent(cells c: Int, row: Value, event: Int, gesture: RowGesture?) -> Bool {
        guard event >= 0 else { return false }
        guard let record = rowRecord(cells: c, row: row) else { return true }
        if let gesture {
            guard let enabled = graph.rowComponentEnabled(gesture.component, cells: c, on: record) else { return false }
            if !enabled { return true }
        }
        let value = Value.record(record)
        guard Self.equalsItself(value) else { return false }
        return graph.streamEnd(of: event) != nil || graph.value(of: event) == value
    }

    /// Per input that drives a part, the key of its step and whether it is known from the key now,
    /// for the state being expanded (after its parts' digests). A sent or set input's key is its
    /// part's digest; a gesture's or row event's mixes in the row it carries now (a constant when
    /// it cannot be made, the row is not there or the row's component tapped is disabled on it:
    /// then it does nothing). A row event's step is known from its key only when the row equals
    /// itself (``repeatsRowEvent(cells:row:event:gesture:)``): a NaN in it makes the rows written
    /// back differ, which changes the rest; and a tap's only when the component's `enabled` does
    /// not fail on the row (the step reports that).
    func preparePartInputs() {
        let count = alphabet.inputs.count
        if expansion.partFrom.count != count {
            expansion.partFrom = Array(repeating: 0, count: count)
            expansion.partUsable = Array(repeating: true, count: count)
        }
        for k in partInputs {
            let part = expansion.parts[partOfInput[k]]
            switch alphabet.inputs[k] {
            case .gesture(let g):
                expansion.partFrom[k] = keyed(part, graph.payloadIfMade(alphabet.gestures[g].gesture))
            case .sendRow(let c, _, let row, _, let gesture):
                var record = rowRecord(cells: c, row: row)
                var usable = true
                if let gesture, let found = record {
                    switch graph.rowComponentEnabled(gesture.component, cells: c, on: found) {
                    case nil: usable = false
                    case false?: record = nil
                    case true?: break
                    }
                }
                let value = record.map(Value.record)
                expansion.partFrom[k] = keyed(part, value)
                expansion.partUsable[k] = usable && (value.map(Self.equalsItself) ?? true)
            default:
                expansion.partFrom[k] = part
            }
        }
    }

    /// A part's digest with the payload a move gives its input (nil: none, the move does nothing).
    private func keyed(_ part: UInt64, _ payload: Value?) -> UInt64 {
        let word = payload.map { GraphDigest.term(of: 0x7FFF_FFFF, $0, cache: digester.cache) } ?? 0x6A09_E667_F3BC_C908
        var k = (part ^ word) &* 0x94D0_49BB_1331_11EB
        k ^= k >> 31
        return k
    }

    /// The row of entry `c` whose identity is `row`, as `ScreenGraph.sendRow` finds it: the first
    /// record whose element's key field is `row`.
    func rowRecord(cells c: Int, row: Value) -> RecordValue? {
        let (node, key) = rowLists[c]
        guard case .list(let rows) = graph.storedValue(of: node) else { return nil }
        for case .record(let r) in rows {
            guard case .record(let element)? = r.fields.first, key < element.fields.count else {
                if row == .none { return r }
                continue
            }
            if element.fields[key] == row { return r }
        }
        return nil
    }

    /// Whether `value` is equal to any copy of itself, element by element: it holds no NaN (and,
    /// to be safe, no colour or navigation, whose parts are not looked into).
    static func equalsItself(_ value: Value) -> Bool {
        switch value {
        case .double(let x): !x.isNaN
        case .list(let items): items.allSatisfy(equalsItself)
        case .record(let r): r.fields.allSatisfy(equalsItself)
        case .color, .navigation: false
        default: true
        }
    }
}
