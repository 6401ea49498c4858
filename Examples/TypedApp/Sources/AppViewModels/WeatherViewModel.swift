import SpecRuntime
import TypedScreens

/// Seed 002's weather view model (`searchText.flatMapLatest { api.weather($0) }`) for Swift
/// Concurrency: each text cancels the request in flight and starts its own.
@MainActor
public final class WeatherViewModel: WeatherViewModeling {
    /// The weather of a city: the backend call.
    public typealias Fetch = @Sendable (WeatherScreen.OpenWeatherMapWeatherArguments) async throws -> WeatherScreen.Weather

    public private(set) var cityName = ""
    public private(set) var degrees = ""
    public private(set) var errorMessage: String?

    private let fetch: Fetch
    private var request: Task<Void, Never>?

    /// A view model that asks `fetch`.
    public init(fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    /// The search field's text, each time it changes.
    public func searchText(_ value: String) {
        request?.cancel()
        request = Task { [fetch] in
            do {
                let weather = try await fetch(.init(city: value))
                guard !Task.isCancelled else { return }
                cityName = weather.name
                degrees = "\(weather.degrees)°F"
            } catch is CancellationError {
            } catch {
                errorMessage = "could not load the weather: \(error)"
            }
        }
    }
}
