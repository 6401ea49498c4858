/// A view model used by itself (`children:`, docs/spec-language.md "A view model used by
/// itself"): its inputs are sent with ``LiveScreen/send(_:_:)-(ScreenNode,_)`` as the screen's
/// own are (`send("shipping.postcode", "10115")`), to its one row, and its node (`shipping`)
/// is read as any output, a record.
extension LiveScreen {
    /// The input of a child that `node` is (`shipping.postcode`), nil for any other node. The
    /// streams its actions and stream outputs feed are theirs to fire, as a row's.
    func childInput(_ node: ScreenNode) -> RowInput? {
        for (c, plan) in spec.cells.enumerated() where plan.instance != nil {
            if let k = plan.inputs.firstIndex(where: { $0.node == node.index }), !plan.isActionStream(k) {
                return RowInput(spec: spec, cells: c, input: k)
            }
        }
        return nil
    }
}
