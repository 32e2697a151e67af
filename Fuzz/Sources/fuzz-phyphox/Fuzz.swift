import FuzzSupport
import MotionSensors

/// The phyphox export with meta files (traces/own-recordings/phyphox/acceleration-with-g), one of
/// whose files the input replaces.
let export = FuzzedFolder(name: "phyphox", files: ["Raw Data.csv", "meta/device.csv", "meta/time.csv"], keptLines: 61) {
    FuzzedFolder.traces.appendingPathComponent("own-recordings/phyphox/acceleration-with-g").appendingPathComponent($0)
}

/// libFuzzer's entry point: the first byte picks the file of the export the rest replaces, in
/// `export.files`' order (see `FuzzedFolder`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    export.run(start, count) { try PhyphoxImporter.importExport(at: export.root) }
}
