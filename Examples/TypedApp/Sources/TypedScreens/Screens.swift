// The screens of this module are generated from specs/*.yaml by specrun's build-tool plugin
// (LoginScreen, LoginModel, EventsScreen, …), and rows/cart.yaml, the Cart of docs/spec-language.md,
// into CartScreen; see docs/generated-code.md. Nothing to write here:
// a module needs one Swift file of its own for SwiftPM to build it.
