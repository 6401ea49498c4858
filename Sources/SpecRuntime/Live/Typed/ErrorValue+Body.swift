extension ErrorValue {
    /// The failure's response body as `T`, the `Codable` struct generated for the record type the
    /// service's `errorBody:` names (`error.body(as: Validation.self)?.errors`, as
    /// `error.body(Validation)?.errors` reads in the spec): nil when the failure has no body or
    /// its body is not a `T`.
    public func body<T: Decodable>(as type: T.Type) -> T? {
        guard let body else { return nil }
        return try? body.decoded(as: T.self)
    }
}
