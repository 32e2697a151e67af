import CZlib
import Foundation

/// Writes zip files for tests: each entry a head followed by a block repeated many times, deflated
/// as it is made, so a test can make a zip of hundreds of MiB of rows (a zip bomb) in a few
/// hundred KiB of memory and disk.
public enum ZipWriter {
    /// One file of the archive.
    public struct Entry {
        /// Its name in the archive.
        public var name: String
        /// Its first bytes.
        public var head: [UInt8]
        /// What follows, `repeats` times.
        public var block: [UInt8]
        /// How many times `block` follows `head`.
        public var repeats: Int

        /// An entry of `head` then `repeats` times `block`.
        public init(_ name: String, head: String, block: String = "", repeats: Int = 0) {
            self.name = name
            self.head = Array(head.utf8)
            self.block = Array(block.utf8)
            self.repeats = repeats
        }

        /// An entry of `size` zero bytes.
        public static func zeros(_ name: String, size: Int) -> Entry {
            var entry = Entry(name, head: "")
            entry.block = [UInt8](repeating: 0, count: 1 << 20)
            entry.repeats = size >> 20
            return entry
        }

        /// Its size uncompressed, in bytes.
        public var size: Int { head.count + block.count * repeats }
    }

    /// Writes `entries`, deflated, as a zip file at `url`.
    public static func write(_ entries: [Entry], to url: URL) throws {
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let (data, crc) = deflate(entry)
            let name = Array(entry.name.utf8)
            func sizes(_ bytes: inout [UInt8]) {
                append32(&bytes, crc)
                append32(&bytes, UInt32(data.count))
                append32(&bytes, UInt32(entry.size))
                append16(&bytes, UInt16(name.count))
                append16(&bytes, 0)
            }
            let offset = UInt32(archive.count)
            // Local header: version 2.0, no flags, deflate, 1980-01-01 00:00.
            append32(&archive, 0x0403_4B50)
            for field: UInt16 in [20, 0, 8, 0, 0x21] { append16(&archive, field) }
            sizes(&archive)
            archive += name + data
            append32(&directory, 0x0201_4B50)
            for field: UInt16 in [20, 20, 0, 8, 0, 0x21] { append16(&directory, field) }
            sizes(&directory)
            for field: UInt16 in [0, 0, 0] { append16(&directory, field) }
            append32(&directory, 0)
            append32(&directory, offset)
            directory += name
        }
        let directoryStart = UInt32(archive.count)
        archive += directory
        append32(&archive, 0x0605_4B50)
        for field: UInt16 in [0, 0, UInt16(entries.count), UInt16(entries.count)] { append16(&archive, field) }
        append32(&archive, UInt32(directory.count))
        append32(&archive, directoryStart)
        append16(&archive, 0)
        try Data(archive).write(to: url)
    }

    /// The entry's bytes, raw-deflated, and their CRC-32.
    private static func deflate(_ entry: Entry) -> (data: [UInt8], crc: UInt32) {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            deflateEnd(stream)
            stream.deallocate()
        }
        precondition(czlib_deflate_init_raw(stream, 9) == Z_OK)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var crc = UInt(crc32(0, nil, 0))
        func feed(_ bytes: [UInt8], finishing: Bool) {
            bytes.withUnsafeBufferPointer { input in
                crc = UInt(crc32(uLong(crc), input.baseAddress, uInt(input.count)))
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.pointee.avail_in = uInt(input.count)
                var status = Z_OK
                repeat {
                    let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                        stream.pointee.next_out = out.baseAddress
                        stream.pointee.avail_out = uInt(out.count)
                        status = CZlib.deflate(stream, finishing ? Z_FINISH : Z_NO_FLUSH)
                        return out.count - Int(stream.pointee.avail_out)
                    }
                    output += chunk[..<produced]
                } while stream.pointee.avail_in > 0 || (finishing && status != Z_STREAM_END)
            }
        }
        feed(entry.head, finishing: false)
        for _ in 0..<entry.repeats { feed(entry.block, finishing: false) }
        feed([], finishing: true)
        return (output, UInt32(crc))
    }

    private static func append16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func append32(_ bytes: inout [UInt8], _ value: UInt32) {
        append16(&bytes, UInt16(value & 0xFFFF))
        append16(&bytes, UInt16(value >> 16))
    }
}
