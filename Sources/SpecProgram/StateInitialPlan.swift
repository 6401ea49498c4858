/// A state whose `initial:` is an expression over the screen's parameters
/// (`todos: { type: "[Todo]", initial: saved }`), or an input property whose `default:` is one
/// (`name: { type: String, default: profile.name }`): evaluated once when the screen is built,
/// right after its parameters are set, it replaces the node's initial value before anything
/// starts. The expression reads parameter nodes only (the validator checks it).
package struct StateInitialPlan: Sendable {
    /// The state (or input property) node it sets.
    package var node: Int
    /// Its value, over parameter nodes and literals.
    package var value: TypedExpr

    /// Memberwise, at `package` access: the front end builds the program.
    package init(node: Int, value: TypedExpr) {
        self.node = node
        self.value = value
    }
}

// Codable is synthesised here, in the type's own file (Swift requires it): the JSON of a
// compiled spec (see ``CompiledSpec``).
extension StateInitialPlan: Codable {}
