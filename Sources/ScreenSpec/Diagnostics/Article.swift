/// `what` with its indefinite article, for messages: "a row input", "an input event"; state is
/// a mass noun ("is state").
func withArticle(_ what: String) -> String {
    if what == "state" { return what }
    guard let first = what.first else { return what }
    return ("aeiou".contains(first) ? "an " : "a ") + what
}
