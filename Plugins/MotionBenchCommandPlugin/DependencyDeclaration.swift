import Foundation

/// One `.package(…)` of a manifest as its text writes it: the `name:` it gives, and where it points.
///
/// `init` reads these to name motionbench in `.product(name: "MotionBenchCLI", package: …)` the way
/// SwiftPM looks that name up: by the declaration's `name:` when it gives one (and then by nothing
/// else), otherwise by the package's identity, which comes from the location: a folder's or a
/// repository's last path component without `.git`, lower-cased (`../motionbench-main` is
/// `motionbench-main`), or a registry's `id:`. A plugin sees the identity but not the `name:`, hence
/// the text. A declaration whose location is not one string literal (built from a variable, say) is
/// left out: its identity cannot be known from the text.
struct DependencyDeclaration: Equatable {
    /// The `name:` given, if any.
    var name: String?
    /// The identity SwiftPM gives the package, lower-cased.
    var identity: String

    /// What `.product(…, package:)` must say for a product of this dependency.
    var referenceName: String { name ?? identity }

    /// The declarations in `manifest`, in order; `folder` is the manifest's, which a relative path is
    /// resolved against.
    static func all(in manifest: String, folder: URL) -> [DependencyDeclaration] {
        let tokens = ManifestToken.scan(manifest)
        var declarations: [DependencyDeclaration] = []
        var index = 0
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index] == .symbol("."), tokens[index + 1] == .word("package"), tokens[index + 2] == .symbol("(") else { continue }
            let arguments = literalArguments(of: tokens, from: index + 3)
            let identity: String?
            if let path = arguments["path"] {
                identity = Self.identity(ofPath: path, in: folder)
            } else if let url = arguments["url"] {
                identity = Self.identity(ofURL: url)
            } else {
                identity = arguments["id"]
            }
            if let identity, !identity.isEmpty {
                declarations.append(DependencyDeclaration(name: arguments["name"], identity: identity.lowercased()))
            }
        }
        return declarations
    }

    /// The call's arguments at its own level whose whole value is a string literal, by label; the
    /// tokens start just after the call's `(`.
    private static func literalArguments(of tokens: [ManifestToken], from start: Int) -> [String: String] {
        var arguments: [String: String] = [:]
        var depth = 1
        var index = start
        while index < tokens.count, depth > 0 {
            switch tokens[index] {
            case .symbol("("), .symbol("["), .symbol("{"): depth += 1
            case .symbol(")"), .symbol("]"), .symbol("}"): depth -= 1
            case let .word(label) where depth == 1 && index + 3 < tokens.count && tokens[index + 1] == .symbol(":"):
                if case let .string(value?) = tokens[index + 2], [.symbol(","), .symbol(")")].contains(tokens[index + 3]) {
                    arguments[label] = value
                }
            default: break
            }
            index += 1
        }
        return arguments
    }

    /// A folder's identity: the last component of `path` resolved against `folder` by its text alone,
    /// as SwiftPM does (`..` drops the component before it; a symbolic link is not followed).
    private static func identity(ofPath path: String, in folder: URL) -> String {
        let absolute =
            path.hasPrefix("/")
            ? path : path.hasPrefix("~/") ? FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst() : folder.path + "/" + path
        var components: [Substring] = []
        for component in absolute.split(separator: "/") where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        return String(components.last ?? "")
    }

    /// A repository's identity: its URL's last path component (after `/`, or `:` in `git@host:name`)
    /// without a trailing `/` or `.git`.
    private static func identity(ofURL url: String) -> String {
        var text = Substring(url)
        while text.hasSuffix("/") { text = text.dropLast() }
        var last = text.split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? ""
        if last.hasSuffix(".git") { last = last.dropLast(4) }
        return String(last)
    }
}
