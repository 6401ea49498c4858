// The screens of this module are generated from specs/*.yaml by specrun's build-tool plugin, with
// their RxSwift shape (LoginViewModel, EventsViewModel…) because specrun-generate.json asks for it
// (docs/generated-code.md, "RxSwift"). A module needs one Swift file of its own for SwiftPM.
