/// The app whose screens `specs/` declares; `swift package specrun …` checks and plays them.
public enum PluginApp {
    /// The screen the app opens on, declared in specs/welcome.yaml.
    public static let firstScreen = "Welcome"
}
