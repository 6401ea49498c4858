import SpecRuntime

/// `equivalentMutants:` — a change `specrun mutate` makes that no scenario could ever tell apart
/// from the spec as written, with the reason, so that its report stays honest:
///
/// ```yaml
/// equivalentMutants:
///   - in: canLogin
///     change: "email.count >= 10 -> email.count > 9"
///     reason: "counts are integers, so '>= 10' and '> 9' agree on every input"
/// ```
///
/// `in:` names the declaration the change is in (an output, action, service, state, handler
/// event or component); `change:` is the change exactly as the mutation report prints it.
package struct EquivalentMutantDecl: Sendable {
    package var declaration: Located<String>
    package var change: Located<String>
    package var reason: Located<String>
    package var range: SpecRange
    /// `occurrence:`, from 1: only the N-th mutant of that change in the declaration, in source
    /// order, when it has several (two service cases answering the same value); nil for every one.
    package var occurrence: Located<Int>? = nil
}
