import Foundation

extension RunResult {
    /// Seconds since 1970 of a run's timestamp (`startedAt`, `finishedAt`: `2026-11-22T19:57:53Z`, UTC to the
    /// second, as the runner writes them); nil for any other spelling.
    public static func epochSeconds(_ timestamp: String) -> Int64? {
        let parts = timestamp.split(whereSeparator: { "-T:Z".contains($0) }).map { Int32($0) }
        guard timestamp.count == 20, timestamp.hasSuffix("Z"), parts.count == 6, !parts.contains(nil) else { return nil }
        var utc = tm()
        utc.tm_year = parts[0]! - 1900
        utc.tm_mon = parts[1]! - 1
        utc.tm_mday = parts[2]!
        utc.tm_hour = parts[3]!
        utc.tm_min = parts[4]!
        utc.tm_sec = parts[5]!
        return Int64(timegm(&utc))
    }
}
