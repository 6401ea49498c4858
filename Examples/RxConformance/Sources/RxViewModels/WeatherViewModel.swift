import RxRelay
import RxSwift
import SpecRuntime

/// Seed 002's weather view model in RxSwift: every text of the search field becomes a request,
/// and `switchLatest` keeps only the newest (`searchText.map(request).switchLatest()`, which is
/// `flatMapLatest`), so a slow answer to an old text never overwrites a newer one. A failed
/// request shows a message and the screen keeps working.
public final class WeatherViewModel {
    /// The weather of a city: the backend call.
    public typealias Fetch = (WeatherScreen.OpenWeatherMapWeatherArguments) -> Single<WeatherScreen.Weather>

    /// What the view writes.
    public struct Input {
        /// The search field's text, each time it changes (`searchText.onNext(text)`).
        public let searchText: PublishRelay<String>
    }

    /// What the view shows.
    public struct Output {
        /// The city of the latest answer ("" before one), a label's text: a second answer for the
        /// same city emits it again, which the spec shows as no change.
        public let cityName: Observable<String>
        /// Its temperature, `"59.0°F"` ("" before one).
        public let degrees: Observable<String>
        /// Each failed request, as a message.
        public let errorMessage: Observable<String>
    }

    /// What the view writes.
    public let input: Input
    /// What the view shows.
    public let output: Output

    /// A view model that asks `fetch`.
    public init(fetch: @escaping Fetch) {
        let searchText = PublishRelay<String>()
        input = Input(searchText: searchText)
        // A failure is an element here, so that it does not end the stream of texts.
        let weather = searchText
            .map { text in fetch(.init(city: text)).asObservable().materialize() }
            .switchLatest()
            .share()
        output = Output(
            cityName: weather.compactMap { $0.element?.name }.startWith(""),
            degrees: weather.compactMap { $0.element.map { "\($0.degrees)°F" } }.startWith(""),
            errorMessage: weather.compactMap { $0.error.map { "could not load the weather: \($0)" } }
        )
    }
}
