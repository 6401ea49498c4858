import SpecRuntime

/// A stream output waiting for its types: its node, its declaration and its errors node.
struct PendingStream {
    var node: Int
    var decl: StreamDecl
    var errors: Int?
}

extension StreamDecl {
    /// Every name the pipeline mentions, so that it is checked after the outputs it reads.
    func referencedNames() -> [String] {
        (timer == nil ? [source.value] : []) + OperatorDecl.referencedNames(operators)
    }

    var hasRequest: Bool {
        operators.contains {
            switch $0.kind {
            case .flatMap, .flatMapLatest, .concatMap: return true
            default: return false
            }
        }
    }
}

extension OperatorDecl {
    static func referencedNames(_ operators: [OperatorDecl]) -> [String] {
        var names: [String] = []
        for op in operators {
            switch op.kind {
            case .map(let e), .filter(let e), .catchError(let e), .catchAndReturn(let e): names += e.referencedNames()
            case .distinctUntilChanged(let key): names += key?.referencedNames() ?? []
            case .startWith(let es): for e in es { names += e.referencedNames() }
            case .scan(let seed, let acc): names += seed.referencedNames() + acc.referencedNames()
            case .merge(let others), .switchLatest(let others), .concat(let others): names += others.map(\.value)
            case .combineLatest(let others, let combine):
                names += others.map(\.value)
                if let combine { names += combine.referencedNames() }
            case .withLatestFrom(let other, let combine):
                names.append(other.value)
                if let combine { names += combine.referencedNames() }
            case .sample(let other, let defaultValue):
                names.append(other.value)
                names += defaultValue?.referencedNames() ?? []
            case .catchToStream(let other), .takeUntil(let other): names.append(other.value)
            case .flatMapLatest(let r), .flatMap(let r), .concatMap(let r):
                for a in r.arguments { names += a.value.referencedNames() }
                names += referencedNames(r.operators)
            case .navigate(let n): for p in n.params { names += p.value.referencedNames() }
            case .catalogued(let a):
                for e in a.expressions { names += e.referencedNames() }
                names += a.sources.map(\.value)
            case .skip, .skipFor, .take, .takeFor, .debounce, .throttle, .delay, .retry: break
            }
        }
        return names
    }
}
