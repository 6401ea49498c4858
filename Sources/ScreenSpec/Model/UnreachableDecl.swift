import SpecRuntime

/// `unreachable:` — a coverage item no scenario can ever exercise, with the reason, so that
/// `specrun coverage` counts it as explained instead of missed:
///
/// ```yaml
/// unreachable:
///   - in: coordinateLabel
///     item: "the fallback of '??' is used"
///     reason: "the label reads 'latest' only when it is not nil"
/// ```
///
/// `in:` names the declaration the item belongs to (an output, action, component or service;
/// for `login.errors` it is `login`); `item:` is the item as the coverage report prints it after
/// `never`. A mark applies to every item of that declaration with that text, or, with
/// `occurrence: N`, to the N-th of them in the report's order (source order), when one
/// declaration has several items of one text (two `? :` in one expression).
package struct UnreachableDecl: Sendable {
    package var declaration: Located<String>
    package var item: Located<String>
    package var reason: Located<String>
    package var range: SpecRange
    /// `occurrence:`, from 1; nil for every item of the text.
    package var occurrence: Located<Int>? = nil
}
