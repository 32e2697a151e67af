import CZlib
import Foundation

/// A git repository's objects, read from its files (loose objects, and packs through their version-2
/// indexes, deltas resolved) with no `git` process, for one thing: when a commit was made.
public struct GitRepository {
    /// The repository's `objects` folder.
    private let objects: URL
    /// Each pack's index and data, read once.
    private let packs: [Pack]

    /// The repository holding `folder` (by default the working folder), or nil outside one.
    public init?(containing folder: URL? = nil) {
        guard let repository = GitCommit.repository(containing: folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) else {
            return nil
        }
        objects = GitCommit.commonFolder(of: repository).appendingPathComponent("objects")
        let packFolder = objects.appendingPathComponent("pack")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packFolder.path)) ?? []
        packs = names.filter { $0.hasSuffix(".idx") }.sorted().compactMap { name in
            Pack(index: packFolder.appendingPathComponent(name), data: packFolder.appendingPathComponent(String(name.dropLast(4)) + ".pack"))
        }
    }

    /// The committer time of `commit` (40 or 64 hexadecimal digits), in seconds since 1970; nil when
    /// the repository does not have it (a shallow clone, another repository) or it is no commit.
    public func commitTime(_ commit: String) -> Int64? {
        guard GitCommit.isCommit(commit), let object = object(commit.lowercased()), object.type == 1 else { return nil }
        let text = String(decoding: object.body, as: UTF8.self)
        for line in text.split(separator: "\n") {
            if line.isEmpty { break }
            guard line.hasPrefix("committer ") else { continue }
            let fields = line.split(separator: " ")
            guard fields.count >= 2 else { return nil }
            return Int64(fields[fields.count - 2])
        }
        return nil
    }

    /// The object named `name`: its type (1 commit, 2 tree, 3 blob, 4 tag) and content.
    func object(_ name: String) -> (type: Int, body: Data)? {
        let loose = objects.appendingPathComponent(String(name.prefix(2))).appendingPathComponent(String(name.dropFirst(2)))
        if let compressed = try? Data(contentsOf: loose), let data = Self.inflate(compressed, from: 0) {
            guard let space = data.firstIndex(of: 0x20), let zero = data.firstIndex(of: 0) else { return nil }
            let type = ["commit": 1, "tree": 2, "blob": 3, "tag": 4][String(decoding: data[..<space], as: UTF8.self)] ?? 0
            return (type, Data(data[(zero + 1)...]))
        }
        guard let hash = Self.bytes(name) else { return nil }
        for pack in packs {
            if let offset = pack.offset(of: hash) { return read(pack, at: offset, depth: 0) }
        }
        return nil
    }

    /// The object stored in `pack` at `offset`, deltas applied to their bases (50 deep at most).
    private func read(_ pack: Pack, at offset: Int, depth: Int) -> (type: Int, body: Data)? {
        let data = pack.data
        guard depth < 50, offset < data.count else { return nil }
        var position = offset
        var byte = Int(data[position])
        let type = (byte >> 4) & 7
        position += 1
        while byte & 0x80 != 0 {
            guard position < data.count else { return nil }
            byte = Int(data[position])
            position += 1
        }
        switch type {
        case 1...4:
            return Self.inflate(data, from: position).map { (type, $0) }
        case 6:
            // The base lies `distance` bytes before, the distance in git's own variable-length encoding.
            guard position < data.count else { return nil }
            byte = Int(data[position])
            position += 1
            var distance = byte & 0x7f
            while byte & 0x80 != 0 {
                guard position < data.count else { return nil }
                byte = Int(data[position])
                position += 1
                distance = ((distance + 1) << 7) | (byte & 0x7f)
            }
            guard distance <= offset, let base = read(pack, at: offset - distance, depth: depth + 1),
                let delta = Self.inflate(data, from: position), let body = Self.apply(delta, to: base.body)
            else { return nil }
            return (base.type, body)
        case 7:
            let size = pack.hashSize
            guard position + size <= data.count else { return nil }
            let baseName = data[position..<(position + size)].map { String(format: "%02x", $0) }.joined()
            guard let base = object(baseName), let delta = Self.inflate(data, from: position + size), let body = Self.apply(delta, to: base.body) else {
                return nil
            }
            return (base.type, body)
        default:
            return nil
        }
    }

    /// A git delta applied to `base`: after the two sizes, each instruction copies a stretch of the base
    /// or inserts the bytes that follow it.
    static func apply(_ delta: Data, to base: Data) -> Data? {
        let bytes = [UInt8](delta), source = [UInt8](base)
        var position = 0
        func size() -> Int? {
            var value = 0, shift = 0
            while position < bytes.count {
                let byte = Int(bytes[position])
                position += 1
                value |= (byte & 0x7f) << shift
                shift += 7
                if byte & 0x80 == 0 { return value }
            }
            return nil
        }
        guard size() == source.count, let targetSize = size() else { return nil }
        var target: [UInt8] = []
        target.reserveCapacity(targetSize)
        while position < bytes.count {
            let op = Int(bytes[position])
            position += 1
            if op & 0x80 != 0 {
                var offset = 0, length = 0
                for bit in 0..<4 where op & (1 << bit) != 0 {
                    guard position < bytes.count else { return nil }
                    offset |= Int(bytes[position]) << (8 * bit)
                    position += 1
                }
                for bit in 0..<3 where op & (0x10 << bit) != 0 {
                    guard position < bytes.count else { return nil }
                    length |= Int(bytes[position]) << (8 * bit)
                    position += 1
                }
                if length == 0 { length = 0x10000 }
                guard offset + length <= source.count else { return nil }
                target += source[offset..<(offset + length)]
            } else if op != 0 {
                guard position + op <= bytes.count else { return nil }
                target += bytes[position..<(position + op)]
                position += op
            } else {
                return nil
            }
        }
        return target.count == targetSize ? Data(target) : nil
    }

    /// The zlib stream starting at `offset` of `data`, inflated; nil when it is not one.
    static func inflate(_ data: Data, from offset: Int) -> Data? {
        guard offset < data.count else { return nil }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            var stream = z_stream()
            guard czlib_inflate_init(&stream) == Z_OK else { return nil }
            defer { inflateEnd(&stream) }
            let input = raw.baseAddress!.assumingMemoryBound(to: Bytef.self) + offset
            stream.next_in = UnsafeMutablePointer(mutating: input)
            stream.avail_in = uInt(min(raw.count - offset, Int(UInt32.max)))
            var output = Data()
            var chunk = [UInt8](repeating: 0, count: 16384)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[..<produced])
                if status == Z_STREAM_END { return output }
                guard status == Z_OK, output.count < 64 << 20 else { return nil }
            }
        }
    }

    /// `name`'s bytes from its hexadecimal digits.
    static func bytes(_ name: String) -> [UInt8]? {
        let digits = Array(name.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16) }
            .reduce(into: [UInt8]?([])) { result, byte in if let byte { result?.append(byte) } else { result = nil } }
    }

    /// A pack and its version-2 index: a fan-out table of 256 counts, the sorted object names, their
    /// checksums, 31-bit offsets (or, with the top bit set, an index into a table of 64-bit ones).
    private struct Pack {
        let index: Data
        let data: Data
        let count: Int
        let hashSize: Int

        init?(index indexURL: URL, data dataURL: URL) {
            guard let index = try? Data(contentsOf: indexURL, options: .alwaysMapped),
                let data = try? Data(contentsOf: dataURL, options: .alwaysMapped),
                index.count >= 8 + 1024, index.starts(with: [0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2])
            else { return nil }
            self.index = index
            self.data = data
            count = Self.uint32(index, at: 8 + 255 * 4)
            // What is left after the fan-out holds, per object, its name, a checksum and an offset,
            // then the pack's and the index's own checksums (one name's size each).
            let perObject = index.count - 1032
            hashSize = perObject >= count * 28 + 40 && (perObject - count * 8 - 64) % max(count, 1) == 0 && (perObject - count * 8 - 64) / max(count, 1) == 32 ? 32 : 20
        }

        static func uint32(_ data: Data, at offset: Int) -> Int {
            data[(data.startIndex + offset)..<(data.startIndex + offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }

        /// Where the object named `hash` starts in the pack; nil when the pack lacks it.
        func offset(of hash: [UInt8]) -> Int? {
            guard hash.count == hashSize else { return nil }
            let first = Int(hash[0])
            var low = first == 0 ? 0 : Self.uint32(index, at: 8 + (first - 1) * 4)
            var high = Self.uint32(index, at: 8 + first * 4)
            let names = 1032
            while low < high {
                let middle = (low + high) / 2
                let start = index.startIndex + names + middle * hashSize
                let name = index[start..<(start + hashSize)]
                if name.elementsEqual(hash) {
                    let offsets = names + count * hashSize + count * 4
                    let small = Self.uint32(index, at: offsets + middle * 4)
                    guard small & 0x8000_0000 != 0 else { return small }
                    let large = offsets + count * 4 + (small & 0x7fff_ffff) * 8
                    return Self.uint32(index, at: large) << 32 | Self.uint32(index, at: large + 4)
                }
                if name.lexicographicallyPrecedes(hash) { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }
}
