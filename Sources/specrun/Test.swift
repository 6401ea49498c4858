import ArgumentParser
struct Test: ParsableCommand { func run() throws {} }
