import SpecRuntime

/// What the preview masks: the text of an input the spec marks `secure: true` (a password, a
/// PIN), as UITextField's `isSecureTextEntry` hides it. Its text field is dots, and every text it
/// has held reads `•••` in the values panel, the timeline and the scenario player's steps (the
/// spec and a recording keep it: a scenario replays it).
///
/// The declaration decides, not the name: `password: { type: String, default: "", secure: true }`
/// is masked, a `password` input without it is not.
struct SensitiveValues {
    /// How a sensitive value is shown.
    static let mask = "•••"

    /// The sensitive nodes of the spec, by index: the secure inputs and the `text` (and its edits)
    /// of each component bound to one, either way.
    let nodes: Set<Int>
    /// The components whose text is secure: their fields are drawn as password boxes.
    let components: Set<String>
    /// Every text a sensitive node has held, longest first once sorted: the timeline's lines are
    /// cleared of each.
    private(set) var seen: Set<String> = []

    init() {
        nodes = []
        components = []
    }

    /// The nodes of `spec` that `secureInputs` (the names of the inputs marked `secure: true`) make
    /// sensitive.
    init(spec: CheckedSpec, secureInputs: [String]) {
        let inputs = Set(secureInputs.compactMap { spec.node(named: $0) })
        var nodes = inputs
        var components: Set<String> = []
        for c in spec.components {
            guard let text = c.properties.first(where: { $0.name == "text" }) else { continue }
            let own = Set([text.node] + (text.edits.map { [$0] } ?? []))
            // A binding from the field to a secure input (two-way: its edits), or from one to it.
            let bound = spec.handlers.contains { h in
                (own.contains(h.on) && h.targets.contains { inputs.contains($0) }) || (inputs.contains(h.on) && h.targets.contains(text.node))
            }
            guard bound else { continue }
            nodes.formUnion(own)
            components.insert(c.name)
        }
        self.nodes = nodes
        self.components = components
    }

    /// Whether input `name` is secure: a generated form's field for it is a password box.
    func isSecure(node: Int) -> Bool { nodes.contains(node) }

    /// Notes a value node `node` took (an emission, a value read for the page).
    mutating func note(_ value: Value?, of node: Int) {
        guard nodes.contains(node), case .string(let text)? = value, !text.isEmpty else { return }
        seen.insert(text)
    }

    /// Notes the texts a scenario's steps give sensitive nodes (`set: { password: "hunter2" }`, a
    /// `type:` into a secure field), so that the player's list of its steps masks them before
    /// they are played.
    mutating func note(steps: [StepPlan]) {
        for step in steps {
            switch step.kind {
            case .set(let node, let value), .send(let node, let value): note(value, of: node)
            case .gesture(let g):
                guard case .value(let value) = g.payload, let node = g.writes.first(where: { nodes.contains($0) }) else { continue }
                note(value, of: node)
            default: continue
            }
        }
    }

    /// `line` with every sensitive text seen, written as the timeline quotes it, masked.
    func redact(_ line: String) -> String {
        var out = line
        for secret in seen.sorted(by: { $0.count > $1.count }) {
            var quoted = ""
            ValueFormatter.quote(secret, into: &quoted)
            if out.contains(quoted) { out = out.replacing(quoted, with: "\"\(Self.mask)\"") }
        }
        return out
    }

    /// How the values panel shows node `node`'s `text`.
    func shown(_ text: String, of node: Int, value: Value?) -> String {
        guard nodes.contains(node), case .string(let s)? = value, !s.isEmpty else { return text }
        return "\"\(Self.mask)\""
    }
}
