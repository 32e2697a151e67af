import Foundation
import MotionSensors

/// What the commands print. Errors, warnings and notes, and the reports they print, hold text from
/// files and paths (a label, an annotation, a value quoted from a trace, a workload's name in a
/// run.json): each control character in it is shown as `\u{…}` (`VisibleText`), so none reaches the
/// terminal to be obeyed.
enum TerminalOutput {
    /// `message` as one line on standard error: an error, a warning or a note, every control
    /// character in it (a newline too) shown.
    static func message(_ message: String) {
        FileHandle.standardError.write(Data((VisibleText.escaping(message) + "\n").utf8))
    }

    /// `text` as one line on standard output (a folder's path, what was written), every control
    /// character in it shown.
    static func line(_ text: String) {
        Swift.print(VisibleText.escaping(text))
    }

    /// `text` on standard output, its lines kept and every other control character shown.
    static func print(_ text: String, terminator: String = "\n") {
        Swift.print(VisibleText.escaping(text, keepingNewlines: true), terminator: terminator)
    }

    /// JSON `text` on standard output as it is, but for the characters JSON allows raw in a string
    /// that could steer a terminal, written as JSON's `\uXXXX` (`VisibleText.escapingJSON`).
    static func json(_ text: String) {
        Swift.print(VisibleText.escapingJSON(text), terminator: "")
    }
}
