import ArgumentParser

/// A failure while running (not a usage error): printed as `Error: …`, exit code 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
