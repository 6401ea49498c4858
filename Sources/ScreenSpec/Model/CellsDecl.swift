import SpecRuntime

/// `viewModels:` — a view model declared once, instantiated per element of a list by `cells:`
/// (seed 004's `EventCellViewModel`): its parameters, the row's element and, when it reads its
/// position, `index` and `count`; its own inputs, state, outputs and handlers, which read only
/// the view model's own names.
package struct ViewModelDecl: Sendable {
    package var name: Located<String>
    /// The element each row is made for, such as `item: CartItem`, first; then `index: Int` and
    /// `count: Int`, the row's position, when it reads it (checked by the cells pass).
    package var params: [ParamDecl]
    package var inputs: [InputDecl] = []
    package var state: [StateDecl] = []
    /// Derived outputs only: an expression over the row's element, inputs, state and earlier outputs.
    package var outputs: [(name: Located<String>, value: Expr)] = []
    /// Its stream outputs (`lookup: { stream: postcode, ops: [ { debounce: 300ms } ] }`, or a
    /// `timer:` or `interval:`), each row running its own (CellsPass+RowStreams.swift).
    package var streams: [(name: Located<String>, stream: StreamDecl)] = []
    package var handlers: [HandlerDecl] = []
    /// The row's own actions, triggered by its inputs, calling services of the screen.
    package var actions: [ActionDecl] = []
    /// The row's own components (a cell's outlets), bound to its names and feeding its inputs.
    package var view: [ComponentDecl] = []
    package var range: SpecRange
}

/// `cells:` — rows of a view model, one per element of a list, each known by the element's
/// identity: `cart: { viewModel: CartRow, for: items, id: id }`.
package struct CellsDecl: Sendable {
    package var name: Located<String>
    package var viewModel: Located<String>
    /// The list the rows follow: a name with a current value.
    package var source: Located<String>
    /// The element's field that identifies its row; `id` when not written.
    package var id: Located<String>?
    /// What the screen hands the view model's parameters after its element and position
    /// (`with: { isCurrent: "$0.id == currentId" }`): per parameter, an expression over the
    /// screen's names and the element, `$0`; empty when it declares none.
    package var with: [(name: Located<String>, value: Expr)] = []
    /// A view model used by itself (`children:`, SpecReader+Children.swift), as RxSwift's `let
    /// shipping = AddressFormViewModel(api)`: one row that always exists, which the screen reads
    /// as a record (`shipping.valid`), never a list; its ``source`` is its own name and ``with``
    /// its `params:`.
    package var instance = false
    package var range: SpecRange
}
