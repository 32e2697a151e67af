import Foundation
import Testing

/// The text of a file in Fixtures/, captured from /proc on the project's VM or made malformed by hand.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Fixtures"))
        return Array(try Data(contentsOf: url))
    }
}
